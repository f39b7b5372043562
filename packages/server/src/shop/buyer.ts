/** Who buys: a member, or a visitor (the cart's owner) checking out as a guest with an email. */
export type Buyer = { kind: 'member'; memberId: string } | { kind: 'guest'; visitorId: string; email: string };
