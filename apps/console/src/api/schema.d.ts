/**
 * GENERATED FILE, do not edit by hand.
 * The admin API (`/_admin/` paths of the server's GET /openapi.json), as openapi-typescript types it.
 * Regenerate after changing the server's admin route schemas: `npm run api-types -w apps/console`
 * (from the repository root). src/api/schema.test.ts fails while this file is out of date.
 * The console uses it through src/api/types.ts.
 */
export interface paths {
    "/_admin/v1/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signing keys and their states */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            keys: ({
                                kid: string;
                                createdDate: string;
                                state: string;
                                verifiesUntil?: string;
                                encrypted: boolean;
                            } & {
                                [key: string]: unknown;
                            })[];
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_admin/v1/keys/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a new signing key; the old one verifies until its tokens expire */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            kid: string;
                            keys: ({
                                kid: string;
                                createdDate: string;
                                state: string;
                                verifiesUntil?: string;
                                encrypted: boolean;
                            } & {
                                [key: string]: unknown;
                            })[];
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_admin/v1/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Members of a site */
        get: {
            parameters: {
                query?: {
                    /** @description The site (default: the only one) */
                    siteId?: unknown;
                    /** @description PENDING | APPROVED | BLOCKED */
                    status?: unknown;
                    /** @description Search */
                    q?: unknown;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Members: id, email, status, createdDate… */
                            members?: unknown;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_admin/v1/members/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve a member by email */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "siteId": "demo",
                     *       "email": "ada@example.com"
                     *     }
                     */
                    "application/json": {
                        /** @description The site */
                        siteId?: unknown;
                        /** @description The member's email */
                        email?: unknown;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            member: {
                                /** @description Member id */
                                id?: unknown;
                                /** @description Login email */
                                email?: unknown;
                                /** @description PENDING | APPROVED | BLOCKED */
                                status?: unknown;
                                /** @description ISO date */
                                createdDate?: unknown;
                            } & {
                                [key: string]: unknown;
                            };
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_admin/v1/members/block": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Block a member by email */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "siteId": "demo",
                     *       "email": "ada@example.com"
                     *     }
                     */
                    "application/json": {
                        /** @description The site */
                        siteId?: unknown;
                        /** @description The member's email */
                        email?: unknown;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            member: {
                                /** @description Member id */
                                id?: unknown;
                                /** @description Login email */
                                email?: unknown;
                                /** @description PENDING | APPROVED | BLOCKED */
                                status?: unknown;
                                /** @description ISO date */
                                createdDate?: unknown;
                            } & {
                                [key: string]: unknown;
                            };
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_admin/v1/members/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A member with sessions and sign-in methods */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            member: {
                                /** @description Member id */
                                id?: unknown;
                                /** @description Login email */
                                email?: unknown;
                                /** @description PENDING | APPROVED | BLOCKED */
                                status?: unknown;
                                /** @description ISO date */
                                createdDate?: unknown;
                            } & {
                                [key: string]: unknown;
                            };
                            /** @description Open sessions */
                            sessions?: unknown;
                            /** @description {password, sso, factors} */
                            signInMethods?: unknown;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete a member */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description An empty object */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_admin/v1/members/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve a member */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            member: {
                                /** @description Member id */
                                id?: unknown;
                                /** @description Login email */
                                email?: unknown;
                                /** @description PENDING | APPROVED | BLOCKED */
                                status?: unknown;
                                /** @description ISO date */
                                createdDate?: unknown;
                            } & {
                                [key: string]: unknown;
                            };
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_admin/v1/members/{id}/block": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Block a member (ends their sessions) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            member: {
                                /** @description Member id */
                                id?: unknown;
                                /** @description Login email */
                                email?: unknown;
                                /** @description PENDING | APPROVED | BLOCKED */
                                status?: unknown;
                                /** @description ISO date */
                                createdDate?: unknown;
                            } & {
                                [key: string]: unknown;
                            };
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_admin/v1/members/{id}/unblock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Unblock a member */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            member: {
                                /** @description Member id */
                                id?: unknown;
                                /** @description Login email */
                                email?: unknown;
                                /** @description PENDING | APPROVED | BLOCKED */
                                status?: unknown;
                                /** @description ISO date */
                                createdDate?: unknown;
                            } & {
                                [key: string]: unknown;
                            };
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_admin/v1/members/{id}/end-sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End every session of a member */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            member: {
                                /** @description Member id */
                                id?: unknown;
                                /** @description Login email */
                                email?: unknown;
                                /** @description PENDING | APPROVED | BLOCKED */
                                status?: unknown;
                                /** @description ISO date */
                                createdDate?: unknown;
                            } & {
                                [key: string]: unknown;
                            };
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_admin/v1/members/{id}/send-password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mail a member a password reset link */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            member: {
                                /** @description Member id */
                                id?: unknown;
                                /** @description Login email */
                                email?: unknown;
                                /** @description PENDING | APPROVED | BLOCKED */
                                status?: unknown;
                                /** @description ISO date */
                                createdDate?: unknown;
                            } & {
                                [key: string]: unknown;
                            };
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_admin/v1/auth-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The audit log: sign-ins, lockouts, key use… */
        get: {
            parameters: {
                query?: {
                    /** @description The site (default: the only one) */
                    siteId?: unknown;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Audit entries */
                            events?: unknown;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_admin/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Webhook endpoints of a site */
        get: {
            parameters: {
                query?: {
                    /** @description The site */
                    siteId?: unknown;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Endpoints */
                            webhooks?: unknown;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        put?: never;
        /** Add an endpoint (its secret is shown once) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "siteId": "demo",
                     *       "url": "https://example.com/hooks",
                     *       "events": [
                     *         "member.*"
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description The site */
                        siteId?: unknown;
                        /** @description https URL */
                        url?: unknown;
                        /** @description Event types, `*` wildcards */
                        events?: unknown;
                        /** @description On or off */
                        enabled?: unknown;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            webhook: {
                                /** @description Endpoint id */
                                id?: unknown;
                                /** @description https URL */
                                url?: unknown;
                                /** @description Event types */
                                events?: unknown;
                            } & {
                                [key: string]: unknown;
                            };
                            /** @description whsec_…, shown once */
                            secret?: unknown;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_admin/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An endpoint */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            webhook: {
                                /** @description Endpoint id */
                                id?: unknown;
                                /** @description https URL */
                                url?: unknown;
                                /** @description Event types */
                                events?: unknown;
                            } & {
                                [key: string]: unknown;
                            };
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Remove an endpoint */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description An empty object */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Change an endpoint */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "siteId": "demo",
                     *       "url": "https://example.com/hooks",
                     *       "events": [
                     *         "member.*"
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description The site */
                        siteId?: unknown;
                        /** @description https URL */
                        url?: unknown;
                        /** @description Event types, `*` wildcards */
                        events?: unknown;
                        /** @description On or off */
                        enabled?: unknown;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            webhook: {
                                /** @description Endpoint id */
                                id?: unknown;
                                /** @description https URL */
                                url?: unknown;
                                /** @description Event types */
                                events?: unknown;
                            } & {
                                [key: string]: unknown;
                            };
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/_admin/v1/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A new secret; the old one still signs for 24 hours */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            webhook: {
                                /** @description Endpoint id */
                                id?: unknown;
                                /** @description https URL */
                                url?: unknown;
                                /** @description Event types */
                                events?: unknown;
                            } & {
                                [key: string]: unknown;
                            };
                            /** @description The new secret */
                            secret?: unknown;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_admin/v1/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a test event */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_admin/v1/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Recent deliveries */
        get: {
            parameters: {
                query?: {
                    /** @description Filter */
                    status?: unknown;
                    /** @description How many */
                    limit?: unknown;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Deliveries */
                            deliveries?: unknown;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_admin/v1/webhooks/{id}/deliveries/{deliveryId}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Deliver one event again */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    deliveryId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The delivery */
                            delivery?: unknown;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_admin/v1/webhooks/{id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Deliver every failed event again */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description How many */
                            replayed?: unknown;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_admin/v1/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Counts for the console overview */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_admin/v1/mail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The mail outbox */
        get: {
            parameters: {
                query?: {
                    /** @description The site (default: the only one) */
                    siteId?: unknown;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_admin/v1/mail/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a failed mail again */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_admin/v1/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A site's settings (policies, clients, collections) */
        get: {
            parameters: {
                query?: {
                    /** @description The site (default: the only one) */
                    siteId?: unknown;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_admin/v1/members/{id}/resend-verification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mail a member a new verification code */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_admin/v1/collections/{collectionId}/items/{itemId}/translations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Translations of an item */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    collectionId: string;
                    itemId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_admin/v1/collections/{collectionId}/items/{itemId}/translations/{language}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set the translation of an item in one language */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    collectionId: string;
                    itemId: string;
                    language: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        post?: never;
        /** Remove the translation of an item in one language */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    collectionId: string;
                    itemId: string;
                    language: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_admin/v1/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Site API keys (stored hashed; configured ones too) */
        get: {
            parameters: {
                query?: {
                    /** @description The site (default: the only one) */
                    siteId?: unknown;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Keys: id, name, source, createdDate, revokedDate… */
                            apiKeys?: unknown;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        put?: never;
        /** Create a site API key (the key is shown once) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The site */
                        siteId?: unknown;
                        /** @description A name */
                        name?: unknown;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiKey: {
                                /** @description Key id */
                                id?: unknown;
                                /** @description Name */
                                name?: unknown;
                                /** @description database or config */
                                source?: unknown;
                            } & {
                                [key: string]: unknown;
                            };
                            /** @description The key, shown once */
                            key?: unknown;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_admin/v1/api-keys/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Revoke a site API key */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiKey: {
                                /** @description Key id */
                                id?: unknown;
                                /** @description Name */
                                name?: unknown;
                                /** @description database or config */
                                source?: unknown;
                            } & {
                                [key: string]: unknown;
                            };
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_admin/v1/collections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Collections of a site */
        get: {
            parameters: {
                query?: {
                    /** @description The site (default: the only one) */
                    siteId?: unknown;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_admin/v1/collections/{id}/query": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Items of a collection */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Items' data */
                            items?: unknown;
                            /** @description How many match */
                            total?: unknown;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_admin/v1/collections/{id}/items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Insert an item */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            item: {
                                [key: string]: unknown;
                            };
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_admin/v1/collections/{id}/items/{itemId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Replace an item */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    itemId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            item: {
                                [key: string]: unknown;
                            };
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_admin/v1/collections/{id}/items/{itemId}/remove": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Remove an item */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    itemId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description An empty object */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_admin/v1/collections/{id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Export a collection as CSV */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description CSV */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/csv": string;
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/csv": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/csv": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_admin/v1/collections/{id}/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Import CSV rows into a collection */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description inserted, updated, failed, rows */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_admin/v1/console/sign-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in to the console (sets the session cookie) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The owner's email */
                        email?: unknown;
                        /** @description The password */
                        password?: unknown;
                        /** @description The authentication code when two-factor is on */
                        code?: unknown;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            owner?: {
                                /** @description Owner id */
                                id?: unknown;
                                /** @description Email */
                                email?: unknown;
                                /** @description owner | editor | support */
                                role?: unknown;
                            } & {
                                [key: string]: unknown;
                            };
                            /** @description Send it as x-vitrine-csrf */
                            csrfToken?: unknown;
                            /** @description true when the code is missing */
                            twoFactorRequired?: unknown;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_admin/v1/console/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set the password from a one-time setup link */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description From the setup link */
                        token?: unknown;
                        /** @description The new password */
                        password?: unknown;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            owner: {
                                /** @description Owner id */
                                id?: unknown;
                                /** @description Email */
                                email?: unknown;
                                /** @description owner | editor | support */
                                role?: unknown;
                            } & {
                                [key: string]: unknown;
                            };
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_admin/v1/console/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in owner, the CSRF value and the sites */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            owner: {
                                /** @description Owner id */
                                id?: unknown;
                                /** @description Email */
                                email?: unknown;
                                /** @description owner | editor | support */
                                role?: unknown;
                            } & {
                                [key: string]: unknown;
                            };
                            /** @description Send it as x-vitrine-csrf */
                            csrfToken?: unknown;
                            /** @description Boolean */
                            mustEnrolTwoFactor?: unknown;
                            /** @description [{id, name}] */
                            sites?: unknown;
                            /** @description Boolean */
                            devMailbox?: unknown;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_admin/v1/console/sign-out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign out of the console */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description An empty object */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_admin/v1/console/two-factor/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A pending authenticator secret (shown once) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Base32 secret */
                            secret?: unknown;
                            /** @description otpauth:// URI */
                            uri?: unknown;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_admin/v1/console/two-factor/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Turn two-factor on with a first code */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description A code from the app */
                        code?: unknown;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            owner: {
                                /** @description Owner id */
                                id?: unknown;
                                /** @description Email */
                                email?: unknown;
                                /** @description owner | editor | support */
                                role?: unknown;
                            } & {
                                [key: string]: unknown;
                            };
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_admin/v1/owners": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Owners of the console */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description {owners} */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        put?: never;
        /** Invite an owner (a one-time setup link) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Email */
                        email?: unknown;
                        /** @description owner | editor | support */
                        role?: unknown;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description {owner, setupUrl} */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @example {
         *       "message": "Email already exists",
         *       "details": {
         *         "applicationError": {
         *           "code": "-19995",
         *           "description": "Email already exists",
         *           "data": {}
         *         }
         *       }
         *     }
         */
        ApplicationError: {
            message: string;
            details: {
                applicationError: {
                    /** @description Always a string: `-19995`, `WDE0073`, `TOO_MANY_REQUESTS`… */
                    code: string;
                    description: string;
                    data: {
                        [key: string]: unknown;
                    };
                };
            };
        } & {
            [key: string]: unknown;
        };
        /**
         * @example {
         *       "message": "loginId.email: must be a valid email",
         *       "details": {
         *         "validationError": {
         *           "fieldViolations": [
         *             {
         *               "field": "loginId.email",
         *               "description": "must be a valid email",
         *               "violatedRule": "FORMAT",
         *               "ruleName": "INVALID_EMAIL",
         *               "data": {
         *                 "type": "EMAIL"
         *               }
         *             }
         *           ]
         *         }
         *       }
         *     }
         */
        ValidationError: {
            message: string;
            details: {
                validationError: {
                    fieldViolations: ({
                        /** @example loginId.email */
                        field: string;
                        /** @example must be a valid email */
                        description: string;
                        /** @example FORMAT */
                        violatedRule?: string;
                        /** @example INVALID_EMAIL */
                        ruleName?: string;
                        /** @description Always an object; `{type: "EMAIL"}` on an invalid email */
                        data: {
                            [key: string]: unknown;
                        };
                    } & {
                        [key: string]: unknown;
                    })[];
                };
            };
        } & {
            [key: string]: unknown;
        };
        /**
         * @example {
         *       "error": "invalid_grant",
         *       "error_description": "refresh token revoked"
         *     }
         */
        OAuthError: {
            /** @example invalid_grant */
            error: string;
            error_description: string;
        } & {
            [key: string]: unknown;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
