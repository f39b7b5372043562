/** `me`: the signed-in member's own profile (what `GET /_api/members/v1/members/my` shows), null for anyone else. */
import type { GraphQLFieldConfig } from 'graphql';
import { sessionEnded } from '../http/resolve-caller.js';
import { toWireIdentity } from '../identity/index.js';
import { findMemberById } from '../members/index.js';
import { primaryOf } from '../store/read-replica.js';
import type { GraphqlContext } from './context.js';
import { graphql } from './graphql-js.js';
import { JsonScalar } from './scalars.js';

const { GraphQLBoolean, GraphQLID, GraphQLNonNull, GraphQLObjectType, GraphQLString } = graphql;

const text = { type: new GraphQLNonNull(GraphQLString) };

const MemberType = new GraphQLObjectType({
  name: 'Member',
  fields: {
    id: { type: new GraphQLNonNull(GraphQLID) },
    loginEmail: text,
    emailVerified: { type: new GraphQLNonNull(GraphQLBoolean) },
    status: { ...text, description: 'PENDING, ACTIVE or BLOCKED' },
    createdDate: text,
    updatedDate: text,
    profile: { type: JsonScalar },
  },
});

export const meField: GraphQLFieldConfig<unknown, GraphqlContext> = {
  type: MemberType,
  description: 'The signed-in member; null for visitors, API keys and anonymous callers.',
  async resolve(_root, _args, context) {
    const { caller, site } = context.scope;
    // A member token whose session has ended asks about a member who is no longer signed in.
    if (caller.kind === 'anonymous' && caller.endedSession) throw sessionEnded();
    if (caller.kind !== 'member') return null;
    // Identity is read from the primary, never a read replica (store/read-replica.ts).
    const member = await findMemberById(primaryOf(context.scope.db), site.id, caller.memberId);
    if (!member) return null;
    const identity = toWireIdentity(member, site.policies);
    return {
      id: member.id,
      loginEmail: member.email,
      emailVerified: member.emailVerified,
      status: identity.status.name,
      createdDate: identity.createdDate,
      updatedDate: identity.updatedDate,
      profile: member.profile,
    };
  },
};
