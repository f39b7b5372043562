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
    "/_admin/v1/site-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A site's settings, as the console edits them */
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
                            siteId: string;
                            siteName: string;
                            /** @description The site in the config file: `sites[0]` */
                            path: string;
                            /** @description The server runs with a config file (its keys are locked) */
                            configFile: boolean;
                            /** @description The caller may change settings (role owner, or the admin key) */
                            canChange: boolean;
                            sections: ({
                                name: string;
                                kind: "value" | "group" | "list";
                                path: string;
                                fields?: ({
                                    /** @description The setting key: `policies.emailVerification`, `clients[web].redirectUris` */
                                    key: string;
                                    /** @description The key inside its section */
                                    name: string;
                                    /** @description Its place in the config file: `sites[0].policies.emailVerification` */
                                    path: string;
                                    /** @description The key's JSON Schema in the config file (the console picks a control from it) */
                                    schema: {
                                        [key: string]: unknown;
                                    };
                                    /** @description The value in force; a secret is `{"set": true}` or absent */
                                    value?: unknown;
                                    source: "file" | "console" | "default";
                                    /** @description Only for a key the console set (never a secret): its value without that change, which sending null for the key goes back to */
                                    byDefault?: {
                                        /** @description Absent: unset by default */
                                        value?: unknown;
                                    } & {
                                        [key: string]: unknown;
                                    };
                                    /** @description Set in the config file: the console cannot change it */
                                    locked: boolean;
                                    /** @description Write-only: never answered */
                                    secret: boolean;
                                } & {
                                    [key: string]: unknown;
                                })[];
                                /** @description A list: the key naming each entry */
                                idKey?: string;
                                /** @description A list: the JSON Schema of an entry */
                                itemSchema?: {
                                    [key: string]: unknown;
                                };
                                entries?: ({
                                    id: string;
                                    path: string;
                                    removable: boolean;
                                    fields: ({
                                        /** @description The setting key: `policies.emailVerification`, `clients[web].redirectUris` */
                                        key: string;
                                        /** @description The key inside its section */
                                        name: string;
                                        /** @description Its place in the config file: `sites[0].policies.emailVerification` */
                                        path: string;
                                        /** @description The key's JSON Schema in the config file (the console picks a control from it) */
                                        schema: {
                                            [key: string]: unknown;
                                        };
                                        /** @description The value in force; a secret is `{"set": true}` or absent */
                                        value?: unknown;
                                        source: "file" | "console" | "default";
                                        /** @description Only for a key the console set (never a secret): its value without that change, which sending null for the key goes back to */
                                        byDefault?: {
                                            /** @description Absent: unset by default */
                                            value?: unknown;
                                        } & {
                                            [key: string]: unknown;
                                        };
                                        /** @description Set in the config file: the console cannot change it */
                                        locked: boolean;
                                        /** @description Write-only: never answered */
                                        secret: boolean;
                                    } & {
                                        [key: string]: unknown;
                                    })[];
                                } & {
                                    [key: string]: unknown;
                                })[];
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
        /** Change site settings (owners): validated as the config file is, applied on every instance */
        patch: {
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
                        /** @description Setting key → new value (null: back to the file or the default; a whole entry: removed) */
                        changes: {
                            [key: string]: unknown;
                        };
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
                            changed: ({
                                key: string;
                                before: string;
                                after: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            settings: {
                                siteId: string;
                                siteName: string;
                                /** @description The site in the config file: `sites[0]` */
                                path: string;
                                /** @description The server runs with a config file (its keys are locked) */
                                configFile: boolean;
                                /** @description The caller may change settings (role owner, or the admin key) */
                                canChange: boolean;
                                sections: ({
                                    name: string;
                                    kind: "value" | "group" | "list";
                                    path: string;
                                    fields?: ({
                                        /** @description The setting key: `policies.emailVerification`, `clients[web].redirectUris` */
                                        key: string;
                                        /** @description The key inside its section */
                                        name: string;
                                        /** @description Its place in the config file: `sites[0].policies.emailVerification` */
                                        path: string;
                                        /** @description The key's JSON Schema in the config file (the console picks a control from it) */
                                        schema: {
                                            [key: string]: unknown;
                                        };
                                        /** @description The value in force; a secret is `{"set": true}` or absent */
                                        value?: unknown;
                                        source: "file" | "console" | "default";
                                        /** @description Only for a key the console set (never a secret): its value without that change, which sending null for the key goes back to */
                                        byDefault?: {
                                            /** @description Absent: unset by default */
                                            value?: unknown;
                                        } & {
                                            [key: string]: unknown;
                                        };
                                        /** @description Set in the config file: the console cannot change it */
                                        locked: boolean;
                                        /** @description Write-only: never answered */
                                        secret: boolean;
                                    } & {
                                        [key: string]: unknown;
                                    })[];
                                    /** @description A list: the key naming each entry */
                                    idKey?: string;
                                    /** @description A list: the JSON Schema of an entry */
                                    itemSchema?: {
                                        [key: string]: unknown;
                                    };
                                    entries?: ({
                                        id: string;
                                        path: string;
                                        removable: boolean;
                                        fields: ({
                                            /** @description The setting key: `policies.emailVerification`, `clients[web].redirectUris` */
                                            key: string;
                                            /** @description The key inside its section */
                                            name: string;
                                            /** @description Its place in the config file: `sites[0].policies.emailVerification` */
                                            path: string;
                                            /** @description The key's JSON Schema in the config file (the console picks a control from it) */
                                            schema: {
                                                [key: string]: unknown;
                                            };
                                            /** @description The value in force; a secret is `{"set": true}` or absent */
                                            value?: unknown;
                                            source: "file" | "console" | "default";
                                            /** @description Only for a key the console set (never a secret): its value without that change, which sending null for the key goes back to */
                                            byDefault?: {
                                                /** @description Absent: unset by default */
                                                value?: unknown;
                                            } & {
                                                [key: string]: unknown;
                                            };
                                            /** @description Set in the config file: the console cannot change it */
                                            locked: boolean;
                                            /** @description Write-only: never answered */
                                            secret: boolean;
                                        } & {
                                            [key: string]: unknown;
                                        })[];
                                    } & {
                                        [key: string]: unknown;
                                    })[];
                                } & {
                                    [key: string]: unknown;
                                })[];
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
    "/_admin/v1/site-settings/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The site's settings as a config file (secrets left out) */
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
                            /** @description A config file */
                            config: {
                                [key: string]: unknown;
                            };
                            /** @description Where secrets were left out */
                            omittedSecrets: string[];
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
    "/_admin/v1/site-settings/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Import a config file: a dry run answers the differences; `apply: true` changes them */
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
                        /** @description The config file (JSON) */
                        config: {
                            [key: string]: unknown;
                        };
                        /** @description Change the settings (default: a dry run) */
                        apply?: boolean;
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
                            differences: ({
                                key: string;
                                before: string;
                                after: string;
                                locked: boolean;
                            } & {
                                [key: string]: unknown;
                            })[];
                            applied: boolean;
                            /** @description Why the import cannot be applied (as the config file would be refused) */
                            problems: string[];
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
    "/_admin/v1/site-settings/test-mail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a test mail to the signed-in owner through the mail server the site uses (owners only; 5 an hour per site) */
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
                            /** @description The relay accepted the mail */
                            ok: boolean;
                            /** @description What happened, as a sentence for the owner */
                            message: string;
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
    "/_admin/v1/site-settings/test-provider": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Test an identity provider: OpenID Connect discovery */
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
                        /** @description A provider entry, or {"id"} of one */
                        provider: {
                            [key: string]: unknown;
                        };
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
                            ok: boolean;
                            message: string;
                            issuer?: string;
                            authorizationEndpoint?: string;
                            tokenEndpoint?: string;
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
    "/_admin/v1/members/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Import members from another system’s export (or report what an import would do) */
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
                        siteId?: string;
                        /** @description auth0, firebase, supabase, clerk, csv */
                        format: "auth0" | "firebase" | "supabase" | "clerk" | "csv";
                        /** @description The export file as it is (JSON, NDJSON or CSV) */
                        content: string;
                        dryRun?: boolean;
                        /** @description Firebase's password hash parameters (console → Authentication → Users → ⋮) */
                        firebase?: {
                            /** @description base64_signer_key of the project */
                            signerKey: string;
                            /** @description base64_salt_separator */
                            saltSeparator: string;
                            rounds: number;
                            memCost: number;
                        };
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
                            dryRun: boolean;
                            total: number;
                            created: number;
                            updated: number;
                            /** @description Imported without a usable hash: they sign in through a reset */
                            withoutPassword: number;
                            /** @description Provider links (issuer + subject) added */
                            linked: number;
                            refused: ({
                                row: number;
                                email?: string;
                                reason: string;
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
    "/_admin/v1/members/{id}/data": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A member's data, as the member would download it */
        get: {
            parameters: {
                query?: {
                    siteId?: string;
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
                            exportedDate: string;
                            siteId: string;
                            /** @description Account and profile */
                            member: {
                                [key: string]: unknown;
                            };
                            sessions: {
                                [key: string]: unknown;
                            }[];
                            /** @description Password set, factors (never their secrets), provider links */
                            signInMethods: {
                                [key: string]: unknown;
                            };
                            /** @description The member's orders, newest first, as the admin API shows them */
                            orders: {
                                [key: string]: unknown;
                            }[];
                            ordersTruncated: boolean;
                            /** @description Data items the member owns, by collection */
                            items: {
                                [key: string]: unknown;
                            };
                            itemsTruncated: boolean;
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
                    /** @description PENDING | ACTIVE | BLOCKED (any case) */
                    status?: unknown;
                    /** @description Part of the email, the first and last name or the nickname (case-insensitive) */
                    search?: unknown;
                    /** @description createdDate (default) | email | updatedDate */
                    sort?: unknown;
                    /** @description asc (default) | desc */
                    order?: unknown;
                    /** @description 1 to 1000 (default 100) */
                    limit?: unknown;
                    /** @description How many to skip (default 0) */
                    offset?: unknown;
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
                            /** @description One page of members */
                            members: ({
                                /** @description Member id */
                                id: string;
                                /** @description Login email */
                                email: string;
                                /** @description First and last name, else the nickname; absent when neither is set */
                                name?: string;
                                /**
                                 * @description PENDING (waiting for approval or the email check), ACTIVE or BLOCKED
                                 * @enum {unknown}
                                 */
                                status: "PENDING" | "ACTIVE" | "BLOCKED";
                                emailVerified: boolean;
                                /** @description Approved by an owner (or automatically) */
                                approved: boolean;
                                /** @description ISO date */
                                createdDate: string;
                                /** @description ISO date */
                                updatedDate: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            /** @description How many members match */
                            total: number;
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
                                id: string;
                                /** @description Login email */
                                email: string;
                                /**
                                 * @description PENDING (waiting for approval or the email check), ACTIVE or BLOCKED
                                 * @enum {unknown}
                                 */
                                status: "PENDING" | "ACTIVE" | "BLOCKED";
                                emailVerified: boolean;
                                /** @description Approved by an owner (or automatically) */
                                approved: boolean;
                                /** @description ISO date */
                                createdDate: string;
                                /** @description ISO date */
                                updatedDate: string;
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
                                id: string;
                                /** @description Login email */
                                email: string;
                                /**
                                 * @description PENDING (waiting for approval or the email check), ACTIVE or BLOCKED
                                 * @enum {unknown}
                                 */
                                status: "PENDING" | "ACTIVE" | "BLOCKED";
                                emailVerified: boolean;
                                /** @description Approved by an owner (or automatically) */
                                approved: boolean;
                                /** @description ISO date */
                                createdDate: string;
                                /** @description ISO date */
                                updatedDate: string;
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
                query?: {
                    /** @description The site */
                    siteId?: unknown;
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
                            member: {
                                /** @description Member id */
                                id: string;
                                /** @description Login email */
                                email: string;
                                /**
                                 * @description PENDING (waiting for approval or the email check), ACTIVE or BLOCKED
                                 * @enum {unknown}
                                 */
                                status: "PENDING" | "ACTIVE" | "BLOCKED";
                                emailVerified: boolean;
                                /** @description Approved by an owner (or automatically) */
                                approved: boolean;
                                /** @description ISO date */
                                createdDate: string;
                                /** @description ISO date */
                                updatedDate: string;
                                /** @description The member's profile */
                                profile: {
                                    [key: string]: unknown;
                                };
                                /** @description The last successful sign-in (ISO date); absent when none is kept */
                                lastSignInDate?: string;
                            } & {
                                [key: string]: unknown;
                            };
                            /** @description Open sessions, last used first */
                            sessions: ({
                                clientId: string;
                                /** @description The address of the sign-in that opened the session, while the audit log keeps it */
                                ip?: string;
                                /** @description ISO date */
                                createdDate: string;
                                /** @description ISO date */
                                lastUsedDate: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            signInMethods: {
                                /** @description A password is set */
                                password: boolean;
                                sso: ({
                                    idpConnectionId: string;
                                    /** @description The provider's name (its id when no longer configured) */
                                    name: string;
                                    email?: string;
                                    /** @description ISO date */
                                    createdDate: string;
                                    /** @description ISO date */
                                    lastUsedDate: string;
                                } & {
                                    [key: string]: unknown;
                                })[];
                                factors: ({
                                    id: string;
                                    factorType: string;
                                    status: string;
                                    name?: string;
                                    /** @description SMS and CALL: the number, masked (+33 •• •• •• 12) */
                                    phoneNumber?: string;
                                    /** @description ISO date */
                                    createdDate: string;
                                } & {
                                    [key: string]: unknown;
                                })[];
                                /** @description Ended by a password reset or the `unlock-second-factor` action */
                                secondFactorLock: {
                                    /** @description The second step is locked after 100 wrong answers in a row (audit S-5) */
                                    locked: boolean;
                                    /** @description Wrong second-step answers since the last right one */
                                    failuresInARow: number;
                                    /** @description When the lock began (ISO date) */
                                    lockedDate?: string;
                                } & {
                                    [key: string]: unknown;
                                };
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
        /** Delete a member */
        delete: {
            parameters: {
                query?: {
                    /** @description The site */
                    siteId?: unknown;
                };
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
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The site (or `?siteId=`) */
                        siteId?: unknown;
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
                                id: string;
                                /** @description Login email */
                                email: string;
                                /**
                                 * @description PENDING (waiting for approval or the email check), ACTIVE or BLOCKED
                                 * @enum {unknown}
                                 */
                                status: "PENDING" | "ACTIVE" | "BLOCKED";
                                emailVerified: boolean;
                                /** @description Approved by an owner (or automatically) */
                                approved: boolean;
                                /** @description ISO date */
                                createdDate: string;
                                /** @description ISO date */
                                updatedDate: string;
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
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The site (or `?siteId=`) */
                        siteId?: unknown;
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
                                id: string;
                                /** @description Login email */
                                email: string;
                                /**
                                 * @description PENDING (waiting for approval or the email check), ACTIVE or BLOCKED
                                 * @enum {unknown}
                                 */
                                status: "PENDING" | "ACTIVE" | "BLOCKED";
                                emailVerified: boolean;
                                /** @description Approved by an owner (or automatically) */
                                approved: boolean;
                                /** @description ISO date */
                                createdDate: string;
                                /** @description ISO date */
                                updatedDate: string;
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
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The site (or `?siteId=`) */
                        siteId?: unknown;
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
                                id: string;
                                /** @description Login email */
                                email: string;
                                /**
                                 * @description PENDING (waiting for approval or the email check), ACTIVE or BLOCKED
                                 * @enum {unknown}
                                 */
                                status: "PENDING" | "ACTIVE" | "BLOCKED";
                                emailVerified: boolean;
                                /** @description Approved by an owner (or automatically) */
                                approved: boolean;
                                /** @description ISO date */
                                createdDate: string;
                                /** @description ISO date */
                                updatedDate: string;
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
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The site (or `?siteId=`) */
                        siteId?: unknown;
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
                                id: string;
                                /** @description Login email */
                                email: string;
                                /**
                                 * @description PENDING (waiting for approval or the email check), ACTIVE or BLOCKED
                                 * @enum {unknown}
                                 */
                                status: "PENDING" | "ACTIVE" | "BLOCKED";
                                emailVerified: boolean;
                                /** @description Approved by an owner (or automatically) */
                                approved: boolean;
                                /** @description ISO date */
                                createdDate: string;
                                /** @description ISO date */
                                updatedDate: string;
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
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The site (or `?siteId=`) */
                        siteId?: unknown;
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
                                id: string;
                                /** @description Login email */
                                email: string;
                                /**
                                 * @description PENDING (waiting for approval or the email check), ACTIVE or BLOCKED
                                 * @enum {unknown}
                                 */
                                status: "PENDING" | "ACTIVE" | "BLOCKED";
                                emailVerified: boolean;
                                /** @description Approved by an owner (or automatically) */
                                approved: boolean;
                                /** @description ISO date */
                                createdDate: string;
                                /** @description ISO date */
                                updatedDate: string;
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
    "/_admin/v1/members/{id}/unlock-second-factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Unlock the second step of a member locked after 100 wrong second-factor answers in a row (audit S-5) */
        post: {
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
                    "application/json": {
                        /** @description The site (or `?siteId=`) */
                        siteId?: unknown;
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
                                id: string;
                                /** @description Login email */
                                email: string;
                                /**
                                 * @description PENDING (waiting for approval or the email check), ACTIVE or BLOCKED
                                 * @enum {unknown}
                                 */
                                status: "PENDING" | "ACTIVE" | "BLOCKED";
                                emailVerified: boolean;
                                /** @description Approved by an owner (or automatically) */
                                approved: boolean;
                                /** @description ISO date */
                                createdDate: string;
                                /** @description ISO date */
                                updatedDate: string;
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
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The site (or `?siteId=`) */
                        siteId?: unknown;
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
                            sent: boolean;
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
    "/_admin/v1/members/{id}/factors/{factorId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a member's second factor (remembered devices are forgotten; the member is mailed) */
        delete: {
            parameters: {
                query?: {
                    /** @description The site */
                    siteId?: unknown;
                };
                header?: never;
                path: {
                    id: string;
                    factorId: string;
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
                    /** @description One member's events */
                    memberId?: unknown;
                    /** @description One event type (`sign_in`, `owner_action`, …) */
                    type?: unknown;
                    /** @description 1 to 1000 (default 100) */
                    limit?: unknown;
                    /** @description ISO 8601: events before this instant */
                    before?: unknown;
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
                            /** @description Newest first */
                            events: ({
                                id: string;
                                siteId: string;
                                /**
                                 * @description What happened (security/audit-names.ts)
                                 * @enum {unknown}
                                 */
                                type: "sign_in" | "sign_out" | "register" | "lockout" | "password_changed" | "password_reset" | "email_changed" | "session_revoked" | "refresh_token_reuse" | "sign_on" | "provider_linked" | "factor_added" | "factor_removed" | "phone_code" | "push_approval" | "api_key_used" | "admin_key_used" | "owner_sign_in" | "owner_sign_out" | "owner_action";
                                /** @enum {unknown} */
                                outcome: "success" | "failure" | "refused";
                                memberId?: string;
                                /** @description The login email tried */
                                email?: string;
                                clientId?: string;
                                ip?: string;
                                /** @description Small, secret-free facts: a reason code, a key name, a factor type */
                                detail: {
                                    [key: string]: unknown;
                                };
                                /** @description ISO date */
                                createdAt: string;
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
                            webhooks: ({
                                /** @description Endpoint id */
                                id: string;
                                /** @description http(s) URL */
                                url: string;
                                /** @description Event types or wildcards (`member.*`, `*`) */
                                events: string[];
                                /** @description Empty when none */
                                description: string;
                                /**
                                 * @description config: read-only here (it changes in the config file)
                                 * @enum {unknown}
                                 */
                                source: "config" | "api";
                                enabled: boolean;
                                disabledReason: string | null;
                                failingSince: string | null;
                                secretRotatingUntil: string | null;
                                /** @description ISO date */
                                createdDate: string;
                                /** @description ISO date */
                                updatedDate: string;
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
                        /** @description A note for the console (one line) */
                        description?: unknown;
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
                                id: string;
                                /** @description http(s) URL */
                                url: string;
                                /** @description Event types or wildcards (`member.*`, `*`) */
                                events: string[];
                                /** @description Empty when none */
                                description: string;
                                /**
                                 * @description config: read-only here (it changes in the config file)
                                 * @enum {unknown}
                                 */
                                source: "config" | "api";
                                enabled: boolean;
                                disabledReason: string | null;
                                failingSince: string | null;
                                secretRotatingUntil: string | null;
                                /** @description ISO date */
                                createdDate: string;
                                /** @description ISO date */
                                updatedDate: string;
                            } & {
                                [key: string]: unknown;
                            };
                            /** @description whsec_…, shown once */
                            secret: string;
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
                query?: {
                    /** @description The site */
                    siteId?: unknown;
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
                            webhook: {
                                /** @description Endpoint id */
                                id: string;
                                /** @description http(s) URL */
                                url: string;
                                /** @description Event types or wildcards (`member.*`, `*`) */
                                events: string[];
                                /** @description Empty when none */
                                description: string;
                                /**
                                 * @description config: read-only here (it changes in the config file)
                                 * @enum {unknown}
                                 */
                                source: "config" | "api";
                                enabled: boolean;
                                disabledReason: string | null;
                                failingSince: string | null;
                                secretRotatingUntil: string | null;
                                /** @description ISO date */
                                createdDate: string;
                                /** @description ISO date */
                                updatedDate: string;
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
                query?: {
                    /** @description The site */
                    siteId?: unknown;
                };
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
                        /** @description A note for the console (one line) */
                        description?: unknown;
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
                                id: string;
                                /** @description http(s) URL */
                                url: string;
                                /** @description Event types or wildcards (`member.*`, `*`) */
                                events: string[];
                                /** @description Empty when none */
                                description: string;
                                /**
                                 * @description config: read-only here (it changes in the config file)
                                 * @enum {unknown}
                                 */
                                source: "config" | "api";
                                enabled: boolean;
                                disabledReason: string | null;
                                failingSince: string | null;
                                secretRotatingUntil: string | null;
                                /** @description ISO date */
                                createdDate: string;
                                /** @description ISO date */
                                updatedDate: string;
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
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The site (or `?siteId=`) */
                        siteId?: unknown;
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
                                id: string;
                                /** @description http(s) URL */
                                url: string;
                                /** @description Event types or wildcards (`member.*`, `*`) */
                                events: string[];
                                /** @description Empty when none */
                                description: string;
                                /**
                                 * @description config: read-only here (it changes in the config file)
                                 * @enum {unknown}
                                 */
                                source: "config" | "api";
                                enabled: boolean;
                                disabledReason: string | null;
                                failingSince: string | null;
                                secretRotatingUntil: string | null;
                                /** @description ISO date */
                                createdDate: string;
                                /** @description ISO date */
                                updatedDate: string;
                            } & {
                                [key: string]: unknown;
                            };
                            /** @description The new secret */
                            secret: string;
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
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The site (or `?siteId=`) */
                        siteId?: unknown;
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
                            eventId: string;
                            deliveryId: string;
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
                    /** @description The site */
                    siteId?: unknown;
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
                            /** @description Newest first */
                            deliveries: ({
                                id: string;
                                eventId: string;
                                eventType: string;
                                /** @enum {unknown} */
                                status: "PENDING" | "DELIVERED" | "FAILED";
                                attempts: number;
                                statusCode: number | null;
                                responseExcerpt: string | null;
                                error: string | null;
                                /** @description ISO date */
                                createdDate: string;
                                lastAttemptDate: string | null;
                                nextAttemptDate: string | null;
                                deliveredDate: string | null;
                                failedDate: string | null;
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
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The site (or `?siteId=`) */
                        siteId?: unknown;
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
                            delivery: {
                                id: string;
                                eventId: string;
                                eventType: string;
                                /** @enum {unknown} */
                                status: "PENDING" | "DELIVERED" | "FAILED";
                                attempts: number;
                                statusCode: number | null;
                                responseExcerpt: string | null;
                                error: string | null;
                                /** @description ISO date */
                                createdDate: string;
                                lastAttemptDate: string | null;
                                nextAttemptDate: string | null;
                                deliveredDate: string | null;
                                failedDate: string | null;
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
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The site (or `?siteId=`) */
                        siteId?: unknown;
                        /** @description ISO date-time: failed deliveries created since then */
                        since?: unknown;
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
                            /** @description How many */
                            replayed: number;
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
                            membersByStatus: {
                                PENDING: number;
                                ACTIVE: number;
                                BLOCKED: number;
                            } & {
                                [key: string]: unknown;
                            };
                            /** @description The last 30 days, oldest first */
                            days: ({
                                /** @description YYYY-MM-DD (UTC) */
                                day: string;
                                signUps: number;
                                signIns: number;
                                failedSignIns: number;
                            } & {
                                [key: string]: unknown;
                            })[];
                            failedSignIns: {
                                last24Hours: number;
                                last30Days: number;
                            } & {
                                [key: string]: unknown;
                            };
                            /** @description Unsent mail */
                            mail: {
                                waiting: number;
                                failing: number;
                                failed: number;
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
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_admin/v1/overview/setup-checklist": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The Overview's setup checklist, read from the running state */
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
                            products: {
                                /** @description Done: the catalog holds a product */
                                done: boolean;
                                count: number;
                            } & {
                                [key: string]: unknown;
                            };
                            payments: {
                                /** @description Done: a way to be paid is set up */
                                done: boolean;
                                /** @description Stripe, and the names of offline methods */
                                ways: string[];
                            } & {
                                [key: string]: unknown;
                            };
                            shipping: {
                                /** @description Done: checkout offers a delivery method */
                                done: boolean;
                                methods: number;
                            } & {
                                [key: string]: unknown;
                            };
                            mail: {
                                /** @description Done: mail leaves the server (SMTP_URL) */
                                done: boolean;
                            } & {
                                [key: string]: unknown;
                            };
                            domain: {
                                /** @description Done: the shop's public address is https on a name of its own */
                                done: boolean;
                                /** @description The server's public address (PUBLIC_URL) */
                                publicUrl: string;
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
                            /** @description Newest first */
                            messages: ({
                                id: string;
                                kind: string;
                                to: string;
                                /** @description Six-digit codes masked */
                                subject: string;
                                /** @enum {unknown} */
                                state: "waiting" | "failing" | "failed" | "sent";
                                attempts: number;
                                lastError?: string;
                                /** @description ISO date */
                                createdDate: string;
                                /** @description ISO date */
                                sentDate?: string;
                                /** @description Set while waiting or failing */
                                nextAttemptDate?: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            /** @description Whether mail is sent (SMTP configured) */
                            smtp: boolean;
                            /** @description The dev mailbox's path, when it is on */
                            devMailbox?: string;
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
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The site (or `?siteId=`) */
                        siteId?: unknown;
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
                            message?: {
                                id: string;
                                kind: string;
                                to: string;
                                /** @description Six-digit codes masked */
                                subject: string;
                                /** @enum {unknown} */
                                state: "waiting" | "failing" | "failed" | "sent";
                                attempts: number;
                                lastError?: string;
                                /** @description ISO date */
                                createdDate: string;
                                /** @description ISO date */
                                sentDate?: string;
                                /** @description Set while waiting or failing */
                                nextAttemptDate?: string;
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
                            site: {
                                /** @description Its place in the config file */
                                key: string;
                                id: string;
                                name: string;
                            } & {
                                [key: string]: unknown;
                            };
                            languages: {
                                /** @description Its place in the config file */
                                key: string;
                                /** @description The first is the default */
                                tags: string[];
                            } & {
                                [key: string]: unknown;
                            };
                            publicUrl: string;
                            policies: {
                                /** @description Its place in the config file */
                                key: string;
                                /** @enum {unknown} */
                                emailVerification: "off" | "required";
                                /** @enum {unknown} */
                                memberApproval: "auto" | "manual";
                                /** @enum {unknown} */
                                captcha: "off" | "altcha" | "recaptcha";
                                /** @enum {unknown} */
                                mfa: "off" | "optional" | "required";
                                mfaFactors: ("TOTP" | "EMAIL" | "WEBAUTHN" | "SMS" | "CALL" | "PUSH")[];
                            } & {
                                [key: string]: unknown;
                            };
                            sessions: {
                                /** @description Its place in the config file */
                                key: string;
                                accessTokenTtlSeconds: number;
                                absoluteDays: number;
                                idleDays: number;
                            } & {
                                [key: string]: unknown;
                            };
                            clients: ({
                                /** @description Its place in the config file */
                                key: string;
                                clientId: string;
                                redirectUris: string[];
                                allowedOrigins: string[];
                                refreshTokenRotation: boolean;
                            } & {
                                [key: string]: unknown;
                            })[];
                            identityProviders: ({
                                /** @description Its place in the config file */
                                key: string;
                                id: string;
                                /** @enum {unknown} */
                                type: "oidc" | "google" | "microsoft" | "apple";
                                name: string;
                                issuer: string;
                                clientId: string;
                                clientSecretSet: boolean;
                                scopes: string[];
                                linkByVerifiedEmail?: boolean;
                                /** @description The callback URI to register at the provider */
                                redirectUri: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            collections: ({
                                /** @description Its place in the config file */
                                key: string;
                                id: string;
                                permissions: {
                                    /** @enum {unknown} */
                                    read: "ANYONE" | "SITE_MEMBER" | "SITE_MEMBER_AUTHOR" | "AUTHOR" | "ADMIN";
                                    /** @enum {unknown} */
                                    insert: "ANYONE" | "SITE_MEMBER" | "SITE_MEMBER_AUTHOR" | "AUTHOR" | "ADMIN";
                                    /** @enum {unknown} */
                                    update: "ANYONE" | "SITE_MEMBER" | "SITE_MEMBER_AUTHOR" | "AUTHOR" | "ADMIN";
                                    /** @enum {unknown} */
                                    remove: "ANYONE" | "SITE_MEMBER" | "SITE_MEMBER_AUTHOR" | "AUTHOR" | "ADMIN";
                                } & {
                                    [key: string]: unknown;
                                };
                                /** @description Absent for an untyped collection */
                                fields?: ({
                                    key: string;
                                    type: string;
                                    required: boolean;
                                    /** @description The referenced collection */
                                    collection?: string;
                                    /** @description What the console calls the field */
                                    label?: string;
                                    /** @description A sentence shown under the field */
                                    help?: string;
                                } & {
                                    [key: string]: unknown;
                                })[];
                                strict: boolean;
                                translatable: string[];
                            } & {
                                [key: string]: unknown;
                            })[];
                            /** @description The config file's keys, by name (never the key) */
                            apiKeys: ({
                                /** @description Its place in the config file */
                                key: string;
                                name: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            webhooks: ({
                                /** @description Its place in the config file */
                                key: string;
                                id: string;
                                url: string;
                                events: string[];
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
                query?: {
                    /** @description The site (default: the only one) */
                    siteId?: unknown;
                };
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
                            /** @description Language tag → field → text */
                            translations: {
                                [key: string]: {
                                    [key: string]: string;
                                };
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
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The site (or `?siteId=`) */
                        siteId?: unknown;
                        /** @description Field → text; a field left out or null falls back to the default language */
                        values?: unknown;
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
                            /** @description Language tag → field → text */
                            translations: {
                                [key: string]: {
                                    [key: string]: string;
                                };
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
        post?: never;
        /** Remove the translation of an item in one language */
        delete: {
            parameters: {
                query?: {
                    /** @description The site (default: the only one) */
                    siteId?: unknown;
                };
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
                            /** @description Language tag → field → text */
                            translations: {
                                [key: string]: {
                                    [key: string]: string;
                                };
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
                            /** @description The database's live keys, newest first, then the config file's */
                            apiKeys: ({
                                id: string | null;
                                name: string;
                                createdDate: string | null;
                                lastUsedDate: string | null;
                                revokedDate?: string | null;
                                /** @enum {unknown} */
                                source: "database" | "config";
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
                                id: string | null;
                                name: string;
                                createdDate: string | null;
                                lastUsedDate: string | null;
                                revokedDate?: string | null;
                                /** @enum {unknown} */
                                source: "database" | "config";
                            } & {
                                [key: string]: unknown;
                            };
                            /** @description The key, shown once */
                            key: string;
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
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The site (or `?siteId=`) */
                        siteId?: unknown;
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
                                id: string | null;
                                name: string;
                                createdDate: string | null;
                                lastUsedDate: string | null;
                                revokedDate?: string | null;
                                /** @enum {unknown} */
                                source: "database" | "config";
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
                            collections: ({
                                id: string;
                                permissions: {
                                    /** @enum {unknown} */
                                    read: "ANYONE" | "SITE_MEMBER" | "SITE_MEMBER_AUTHOR" | "AUTHOR" | "ADMIN";
                                    /** @enum {unknown} */
                                    insert: "ANYONE" | "SITE_MEMBER" | "SITE_MEMBER_AUTHOR" | "AUTHOR" | "ADMIN";
                                    /** @enum {unknown} */
                                    update: "ANYONE" | "SITE_MEMBER" | "SITE_MEMBER_AUTHOR" | "AUTHOR" | "ADMIN";
                                    /** @enum {unknown} */
                                    remove: "ANYONE" | "SITE_MEMBER" | "SITE_MEMBER_AUTHOR" | "AUTHOR" | "ADMIN";
                                } & {
                                    [key: string]: unknown;
                                };
                                /** @description Empty for an untyped collection */
                                fields: ({
                                    key: string;
                                    type: string;
                                    required: boolean;
                                    /** @description The referenced collection */
                                    collection?: string;
                                    /** @description What the console calls the field */
                                    label?: string;
                                    /** @description A sentence shown under the field */
                                    help?: string;
                                } & {
                                    [key: string]: unknown;
                                })[];
                                strict: boolean;
                                /** @description Fields with a value per site language */
                                translatable: string[];
                                itemCount: number;
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
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The site (or `?siteId=`) */
                        siteId?: unknown;
                        /** @description The data API's filter, e.g. {"price": {"$lt": 50}} (default: every item) */
                        filter?: unknown;
                        /** @description [{fieldName, order: "ASC" | "DESC"}] */
                        sort?: unknown;
                        /** @description Items per page (default 50) */
                        limit?: unknown;
                        /** @description Items to skip (default 0) */
                        offset?: unknown;
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
                            /** @description Items' data */
                            items: ({
                                /** @description Item id */
                                _id: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            /** @description How many match */
                            total: number;
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
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The site (or `?siteId=`) */
                        siteId?: unknown;
                        /** @description The item's data, an object (`_id` optional on insert) */
                        item?: unknown;
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
                            /** @description The item as saved */
                            item: {
                                /** @description Item id */
                                _id: string;
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
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The site (or `?siteId=`) */
                        siteId?: unknown;
                        /** @description The item's data, an object (`_id` optional on insert) */
                        item?: unknown;
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
                            /** @description The item as saved */
                            item: {
                                /** @description Item id */
                                _id: string;
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
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The site (or `?siteId=`) */
                        siteId?: unknown;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
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
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The site (or `?siteId=`) */
                        siteId?: unknown;
                        /** @description The text of a CSV file with a header row (at most 5,000 rows) */
                        csv?: unknown;
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
                            inserted: number;
                            updated: number;
                            failed: number;
                            rows: ({
                                /** @description 1 for the first row under the header */
                                row: number;
                                id: string | null;
                                /** @enum {unknown} */
                                outcome: "inserted" | "updated" | "failed";
                                error?: string;
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
    "/_admin/v1/backups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Take a consistent backup into the backups folder (server admin key) */
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
                            backup: {
                                /** @description File name in the backups folder */
                                name: string;
                                /** @description When the snapshot was taken (ISO 8601) */
                                created: string;
                                /** @description Size of the compressed file */
                                bytes: number;
                                /** @description Newest migration applied in the snapshot */
                                schemaVersion: number;
                                /** @description Rows in every table together */
                                rows: number;
                                tables: number;
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
    "/_admin/v1/backups/latest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The newest backup in the backups folder and the backup schedule (server admin key, or a console owner) */
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
                            latest: ({
                                /** @description File name in the backups folder */
                                name: string;
                                /** @description When the snapshot was taken (ISO 8601) */
                                created: string;
                                /** @description Size of the compressed file */
                                bytes: number;
                                /** @description Newest migration applied in the snapshot */
                                schemaVersion: number;
                                /** @description Rows in every table together */
                                rows: number;
                                tables: number;
                            } & {
                                [key: string]: unknown;
                            }) | null;
                            schedule: ({
                                everyHours: number;
                                keep: number;
                                /** @description When the next scheduled backup is due (ISO 8601) */
                                next: string;
                            } & {
                                [key: string]: unknown;
                            }) | null;
                            database: "pglite" | "postgres";
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
    "/_admin/v1/backups/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download a backup from the backups folder (server admin key) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The backup file (gzip, JSON lines) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/gzip": string;
                    };
                };
                /** @description A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code` */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/gzip": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
                    };
                };
                /** @description An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503) */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/gzip": components["schemas"]["ApplicationError"] | components["schemas"]["ValidationError"];
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
                                id: string;
                                /** @description Email */
                                email: string;
                                /**
                                 * @description owner | editor | support
                                 * @enum {unknown}
                                 */
                                role: "owner" | "editor" | "support";
                                /** @description An authenticator app is on */
                                twoFactor: boolean;
                                /** @description False until the setup link is used */
                                passwordSet: boolean;
                                /** @description The site ids this owner runs; ["*"] for every site */
                                sites: string[];
                                /** @description ISO date */
                                createdDate: string;
                            } & {
                                [key: string]: unknown;
                            };
                            /** @description Send it as x-vitrine-csrf */
                            csrfToken?: string;
                            /** @description true when the code is missing (then nothing else is answered) */
                            twoFactorRequired?: boolean;
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
    "/_admin/v1/console/password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mail a one-time password reset link (30 min) to an owner; the same answer whether or not the address is one */
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
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
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
    "/_admin/v1/console/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whose one-time link this is and what it does (410 SETUP_LINK_USED / SETUP_LINK_EXPIRED say why not) */
        get: {
            parameters: {
                query?: {
                    /** @description From the link */
                    token?: string;
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
                            /** @description The account the link is for */
                            email: string;
                            /**
                             * @description owner | editor | support
                             * @enum {unknown}
                             */
                            role: "owner" | "editor" | "support";
                            /**
                             * @description setup: a first password; reset: a new one
                             * @enum {unknown}
                             */
                            purpose: "setup" | "reset";
                            /** @description When the link expires (ISO date) */
                            expiresDate: string;
                            /** @description An authenticator app is set up right after (production) */
                            twoFactorNext: boolean;
                            /** @description The first start's link: the first owner may give their own address (`email` in the POST) */
                            emailChoosable: boolean;
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
        /** Set the password from a one-time setup or reset link, then sign in (sets the session cookie) */
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
                        /** @description From the link */
                        token?: unknown;
                        /** @description The new password */
                        password?: unknown;
                        /** @description The first owner's own address, on the first start's link only (emailChoosable) */
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
                            owner: {
                                /** @description Owner id */
                                id: string;
                                /** @description Email */
                                email: string;
                                /**
                                 * @description owner | editor | support
                                 * @enum {unknown}
                                 */
                                role: "owner" | "editor" | "support";
                                /** @description An authenticator app is on */
                                twoFactor: boolean;
                                /** @description False until the setup link is used */
                                passwordSet: boolean;
                                /** @description The site ids this owner runs; ["*"] for every site */
                                sites: string[];
                                /** @description ISO date */
                                createdDate: string;
                            } & {
                                [key: string]: unknown;
                            };
                            /** @description Send it as x-vitrine-csrf */
                            csrfToken?: string;
                            /** @description true for an owner with an authenticator: sign in with the password and a code */
                            signInNext?: boolean;
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
    "/_admin/v1/console/email-change": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whose email change link this is and the address it confirms (410 SETUP_LINK_USED / SETUP_LINK_EXPIRED say why not) */
        get: {
            parameters: {
                query?: {
                    /** @description From the link */
                    token?: string;
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
                            /** @description The address in force now */
                            email: string;
                            /** @description The address the link confirms */
                            newEmail: string;
                            /** @description When the link expires (ISO date) */
                            expiresDate: string;
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
        /** Ask to sign in with another address: re-authenticate; a one-time link (24 h) is mailed to the new address, which takes effect when it is opened */
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
                        /** @description The new address */
                        newEmail?: unknown;
                        /** @description Your password, typed again */
                        password?: unknown;
                        /** @description A code from your authenticator app, when two-factor is on */
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
                            /** @description The address the link was mailed to */
                            pendingEmail: string;
                            /** @description When the link expires (ISO date) */
                            expiresDate: string;
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
    "/_admin/v1/console/email-change/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm a new address from the link mailed to it: it becomes the sign-in address at once and the old one is told */
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
                        /** @description From the link */
                        token?: unknown;
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
                                id: string;
                                /** @description Email */
                                email: string;
                                /**
                                 * @description owner | editor | support
                                 * @enum {unknown}
                                 */
                                role: "owner" | "editor" | "support";
                                /** @description An authenticator app is on */
                                twoFactor: boolean;
                                /** @description False until the setup link is used */
                                passwordSet: boolean;
                                /** @description The site ids this owner runs; ["*"] for every site */
                                sites: string[];
                                /** @description ISO date */
                                createdDate: string;
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
        /** The signed-in owner, the CSRF value and the sites (401 without a session) */
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
                                id: string;
                                /** @description Email */
                                email: string;
                                /**
                                 * @description owner | editor | support
                                 * @enum {unknown}
                                 */
                                role: "owner" | "editor" | "support";
                                /** @description An authenticator app is on */
                                twoFactor: boolean;
                                /** @description False until the setup link is used */
                                passwordSet: boolean;
                                /** @description The site ids this owner runs; ["*"] for every site */
                                sites: string[];
                                /** @description ISO date */
                                createdDate: string;
                            } & {
                                [key: string]: unknown;
                            };
                            /** @description Send it as x-vitrine-csrf */
                            csrfToken: string;
                            mustEnrolTwoFactor: boolean;
                            sites: ({
                                id: string;
                                name: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            devMailbox: boolean;
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
    "/_admin/v1/console/session-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether an owner is signed in: 200 either way, with the session when one is (what GET …/console/session answers) */
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
                            /** @description false: no owner is signed in (no cookie, or the session ended) */
                            signedIn: boolean;
                            session: ({
                                owner: {
                                    /** @description Owner id */
                                    id: string;
                                    /** @description Email */
                                    email: string;
                                    /**
                                     * @description owner | editor | support
                                     * @enum {unknown}
                                     */
                                    role: "owner" | "editor" | "support";
                                    /** @description An authenticator app is on */
                                    twoFactor: boolean;
                                    /** @description False until the setup link is used */
                                    passwordSet: boolean;
                                    /** @description The site ids this owner runs; ["*"] for every site */
                                    sites: string[];
                                    /** @description ISO date */
                                    createdDate: string;
                                } & {
                                    [key: string]: unknown;
                                };
                                /** @description Send it as x-vitrine-csrf */
                                csrfToken: string;
                                mustEnrolTwoFactor: boolean;
                                sites: ({
                                    id: string;
                                    name: string;
                                } & {
                                    [key: string]: unknown;
                                })[];
                                devMailbox: boolean;
                            } & {
                                [key: string]: unknown;
                            }) | null;
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
                            secret: string;
                            /** @description otpauth:// URI */
                            uri: string;
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
                                id: string;
                                /** @description Email */
                                email: string;
                                /**
                                 * @description owner | editor | support
                                 * @enum {unknown}
                                 */
                                role: "owner" | "editor" | "support";
                                /** @description An authenticator app is on */
                                twoFactor: boolean;
                                /** @description False until the setup link is used */
                                passwordSet: boolean;
                                /** @description The site ids this owner runs; ["*"] for every site */
                                sites: string[];
                                /** @description ISO date */
                                createdDate: string;
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
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            owners: ({
                                /** @description Owner id */
                                id: string;
                                /** @description Email */
                                email: string;
                                /**
                                 * @description owner | editor | support
                                 * @enum {unknown}
                                 */
                                role: "owner" | "editor" | "support";
                                /** @description An authenticator app is on */
                                twoFactor: boolean;
                                /** @description False until the setup link is used */
                                passwordSet: boolean;
                                /** @description The site ids this owner runs; ["*"] for every site */
                                sites: string[];
                                /** @description ISO date */
                                createdDate: string;
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
                        /** @description Site ids the owner runs (["*"]: every site); default: the inviter's sites, every site for the admin key */
                        siteIds?: unknown;
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
                                id: string;
                                /** @description Email */
                                email: string;
                                /**
                                 * @description owner | editor | support
                                 * @enum {unknown}
                                 */
                                role: "owner" | "editor" | "support";
                                /** @description An authenticator app is on */
                                twoFactor: boolean;
                                /** @description False until the setup link is used */
                                passwordSet: boolean;
                                /** @description The site ids this owner runs; ["*"] for every site */
                                sites: string[];
                                /** @description ISO date */
                                createdDate: string;
                            } & {
                                [key: string]: unknown;
                            };
                            /** @description false when the owner existed without a password (a new link; earlier links stop working) */
                            created: boolean;
                            /** @description The one-time setup link */
                            setupUrl: string;
                            /** @description When the link expires (ISO date) */
                            expiresDate: string;
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
    "/_admin/v1/owners/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove an owner: their sessions and links end at once (not yourself, nor the last owner who can manage owners) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Owner id */
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
                            owner: {
                                /** @description Owner id */
                                id: string;
                                /** @description Email */
                                email: string;
                                /**
                                 * @description owner | editor | support
                                 * @enum {unknown}
                                 */
                                role: "owner" | "editor" | "support";
                                /** @description An authenticator app is on */
                                twoFactor: boolean;
                                /** @description False until the setup link is used */
                                passwordSet: boolean;
                                /** @description The site ids this owner runs; ["*"] for every site */
                                sites: string[];
                                /** @description ISO date */
                                createdDate: string;
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
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_admin/v1/media": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Media files of a site, newest first */
        get: {
            parameters: {
                query?: {
                    siteId?: string;
                    /** @description 1 to 200 (default 50) */
                    limit?: unknown;
                    /** @description Files to skip (default 0) */
                    offset?: unknown;
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
                            media: ({
                                id: string;
                                /** @description Public path: /_media/<id>.<ext>; add ?w=<width>&format=webp|avif for a variant */
                                url: string;
                                /** @description The uploader's file name, cleaned (a label only) */
                                name: string;
                                contentType: string;
                                size: number;
                                width: number;
                                height: number;
                                /** @description Alt text per language */
                                alt: {
                                    [key: string]: string;
                                };
                                createdDate: string;
                                /** @description Items whose data holds this file */
                                usedBy?: ({
                                    collection: string;
                                    itemId: string;
                                    field: string;
                                } & {
                                    [key: string]: unknown;
                                })[];
                            } & {
                                [key: string]: unknown;
                            })[];
                            total: number;
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
        /**
         * Upload an image
         * @description The body is the file itself (JPEG, PNG, WebP, AVIF or GIF, at most 10485760 bytes); its type is read from the bytes.
         */
        post: {
            parameters: {
                query?: {
                    siteId?: string;
                    name?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            /** @description The image file itself */
            requestBody: {
                content: {
                    "image/jpeg": unknown;
                    "image/png": unknown;
                    "image/webp": unknown;
                    "image/avif": unknown;
                    "image/gif": unknown;
                    "application/octet-stream": unknown;
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
                            media: {
                                id: string;
                                /** @description Public path: /_media/<id>.<ext>; add ?w=<width>&format=webp|avif for a variant */
                                url: string;
                                /** @description The uploader's file name, cleaned (a label only) */
                                name: string;
                                contentType: string;
                                size: number;
                                width: number;
                                height: number;
                                /** @description Alt text per language */
                                alt: {
                                    [key: string]: string;
                                };
                                createdDate: string;
                                /** @description Items whose data holds this file */
                                usedBy?: ({
                                    collection: string;
                                    itemId: string;
                                    field: string;
                                } & {
                                    [key: string]: unknown;
                                })[];
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
    "/_admin/v1/media/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One media file, with the items that use it */
        get: {
            parameters: {
                query?: {
                    /** @description The site */
                    siteId?: unknown;
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
                            media: {
                                id: string;
                                /** @description Public path: /_media/<id>.<ext>; add ?w=<width>&format=webp|avif for a variant */
                                url: string;
                                /** @description The uploader's file name, cleaned (a label only) */
                                name: string;
                                contentType: string;
                                size: number;
                                width: number;
                                height: number;
                                /** @description Alt text per language */
                                alt: {
                                    [key: string]: string;
                                };
                                createdDate: string;
                                /** @description Items whose data holds this file */
                                usedBy?: ({
                                    collection: string;
                                    itemId: string;
                                    field: string;
                                } & {
                                    [key: string]: unknown;
                                })[];
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
        /** Delete an image (items that use it keep a broken link) */
        delete: {
            parameters: {
                query?: {
                    /** @description The site */
                    siteId?: unknown;
                };
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
    "/_admin/v1/media/{id}/alt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set the alt text of an image, per language */
        put: {
            parameters: {
                query?: {
                    /** @description The site */
                    siteId?: unknown;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The site (or `?siteId=`) */
                        siteId?: unknown;
                        /** @description Language → text (at most 500 characters; empty removes it), e.g. {"en": "A blue mug"} */
                        alt?: unknown;
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
                            media: {
                                id: string;
                                /** @description Public path: /_media/<id>.<ext>; add ?w=<width>&format=webp|avif for a variant */
                                url: string;
                                /** @description The uploader's file name, cleaned (a label only) */
                                name: string;
                                contentType: string;
                                size: number;
                                width: number;
                                height: number;
                                /** @description Alt text per language */
                                alt: {
                                    [key: string]: string;
                                };
                                createdDate: string;
                                /** @description Items whose data holds this file */
                                usedBy?: ({
                                    collection: string;
                                    itemId: string;
                                    field: string;
                                } & {
                                    [key: string]: unknown;
                                })[];
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
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_admin/v1/commerce/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Products of the catalog, a page at a time (search in names and slugs, or one collection) */
        get: {
            parameters: {
                query: {
                    /** @description The site */
                    siteId: string;
                    search?: string;
                    collectionId?: string;
                    /** @description 1 to 100 (default 25) */
                    limit?: string;
                    /** @description Products to skip, up to 100000 */
                    offset?: string;
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
                            products: {
                                id: string;
                                slug: string;
                                name: string;
                                visible: boolean;
                                minPrice: number;
                                maxPrice: number;
                                /** @description Units left over the tracked variants */
                                stock: number;
                                variantCount: number;
                                inventoryStatus: "IN_STOCK" | "OUT_OF_STOCK" | "PARTIALLY_OUT_OF_STOCK";
                                image: string | null;
                                collectionIds: string[];
                                updatedDate: string;
                            }[];
                            total: number;
                            /** @description The site's currency: every amount is in its minor units */
                            currency: string;
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
        /** Create a product with its options and variants */
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
                        siteId: string;
                        product: {
                            /** @description The last part of the product page address: no spaces, /, ?, # or % */
                            slug: string;
                            name: string;
                            /** @description HTML */
                            description?: string;
                            visible?: boolean;
                            productType?: "physical" | "digital";
                            options?: {
                                name: string;
                                /** @description color: each value is a colour code, each description its name */
                                optionType: "drop_down" | "color";
                                choices: {
                                    value: string;
                                    description: string;
                                }[];
                            }[];
                            media?: {
                                id: string;
                                /** @description https://… or /path */
                                url: string;
                                width: number;
                                height: number;
                                altText?: string;
                            }[];
                            ribbon?: string | null;
                            brand?: string | null;
                            translations?: {
                                [key: string]: {
                                    name?: string;
                                    description?: string;
                                };
                            };
                            variants: {
                                id?: string;
                                /** @description One choice value per option: {"Size": "M"}; {} without options */
                                choices?: {
                                    [key: string]: string;
                                };
                                sku?: string | null;
                                /** @description Selling price, minor units */
                                price: number;
                                compareAtPrice?: number | null;
                                weight?: number | null;
                                trackStock?: boolean;
                                stock?: number | null;
                                visible?: boolean;
                                media?: {
                                    id: string;
                                    /** @description https://… or /path */
                                    url: string;
                                    width: number;
                                    height: number;
                                    altText?: string;
                                }[];
                            }[];
                            /** @description Absent on create: the site's all-products collection, when it has one; on update: unchanged */
                            collectionIds?: string[];
                            position?: number;
                        };
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
                            product: {
                                id: string;
                                slug: string;
                                name: string;
                                description: string;
                                visible: boolean;
                                productType: "physical" | "digital";
                                options: {
                                    name: string;
                                    /** @description color: each value is a colour code, each description its name */
                                    optionType: "drop_down" | "color";
                                    choices: {
                                        value: string;
                                        description: string;
                                    }[];
                                }[];
                                media: {
                                    id: string;
                                    /** @description https://… or /path */
                                    url: string;
                                    width: number;
                                    height: number;
                                    altText?: string;
                                }[];
                                ribbon: string | null;
                                brand: string | null;
                                translations: {
                                    [key: string]: {
                                        name?: string;
                                        description?: string;
                                    };
                                };
                                collectionIds: string[];
                                variants: {
                                    id: string;
                                    choices: {
                                        [key: string]: string;
                                    };
                                    sku: string | null;
                                    price: number;
                                    compareAtPrice: number | null;
                                    weight: number | null;
                                    trackStock: boolean;
                                    stock: number;
                                    visible: boolean;
                                    media: {
                                        id: string;
                                        /** @description https://… or /path */
                                        url: string;
                                        width: number;
                                        height: number;
                                        altText?: string;
                                    }[];
                                }[];
                                createdDate: string;
                                updatedDate: string;
                            };
                            /** @description The site's currency: every amount is in its minor units */
                            currency: string;
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
    "/_admin/v1/commerce/products/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One product with its options and variants */
        get: {
            parameters: {
                query: {
                    /** @description The site */
                    siteId: string;
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
                            product: {
                                id: string;
                                slug: string;
                                name: string;
                                description: string;
                                visible: boolean;
                                productType: "physical" | "digital";
                                options: {
                                    name: string;
                                    /** @description color: each value is a colour code, each description its name */
                                    optionType: "drop_down" | "color";
                                    choices: {
                                        value: string;
                                        description: string;
                                    }[];
                                }[];
                                media: {
                                    id: string;
                                    /** @description https://… or /path */
                                    url: string;
                                    width: number;
                                    height: number;
                                    altText?: string;
                                }[];
                                ribbon: string | null;
                                brand: string | null;
                                translations: {
                                    [key: string]: {
                                        name?: string;
                                        description?: string;
                                    };
                                };
                                collectionIds: string[];
                                variants: {
                                    id: string;
                                    choices: {
                                        [key: string]: string;
                                    };
                                    sku: string | null;
                                    price: number;
                                    compareAtPrice: number | null;
                                    weight: number | null;
                                    trackStock: boolean;
                                    stock: number;
                                    visible: boolean;
                                    media: {
                                        id: string;
                                        /** @description https://… or /path */
                                        url: string;
                                        width: number;
                                        height: number;
                                        altText?: string;
                                    }[];
                                }[];
                                createdDate: string;
                                updatedDate: string;
                            };
                            /** @description The site's currency: every amount is in its minor units */
                            currency: string;
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
        /** Replace a product, its options and variants (variants matched by id keep their stock unless one is given) */
        put: {
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
                    "application/json": {
                        /** @description The site */
                        siteId: string;
                        product: {
                            /** @description The last part of the product page address: no spaces, /, ?, # or % */
                            slug: string;
                            name: string;
                            /** @description HTML */
                            description?: string;
                            visible?: boolean;
                            productType?: "physical" | "digital";
                            options?: {
                                name: string;
                                /** @description color: each value is a colour code, each description its name */
                                optionType: "drop_down" | "color";
                                choices: {
                                    value: string;
                                    description: string;
                                }[];
                            }[];
                            media?: {
                                id: string;
                                /** @description https://… or /path */
                                url: string;
                                width: number;
                                height: number;
                                altText?: string;
                            }[];
                            ribbon?: string | null;
                            brand?: string | null;
                            translations?: {
                                [key: string]: {
                                    name?: string;
                                    description?: string;
                                };
                            };
                            variants: {
                                id?: string;
                                /** @description One choice value per option: {"Size": "M"}; {} without options */
                                choices?: {
                                    [key: string]: string;
                                };
                                sku?: string | null;
                                /** @description Selling price, minor units */
                                price: number;
                                compareAtPrice?: number | null;
                                weight?: number | null;
                                trackStock?: boolean;
                                stock?: number | null;
                                visible?: boolean;
                                media?: {
                                    id: string;
                                    /** @description https://… or /path */
                                    url: string;
                                    width: number;
                                    height: number;
                                    altText?: string;
                                }[];
                            }[];
                            /** @description Absent on create: the site's all-products collection, when it has one; on update: unchanged */
                            collectionIds?: string[];
                            position?: number;
                        };
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
                            product: {
                                id: string;
                                slug: string;
                                name: string;
                                description: string;
                                visible: boolean;
                                productType: "physical" | "digital";
                                options: {
                                    name: string;
                                    /** @description color: each value is a colour code, each description its name */
                                    optionType: "drop_down" | "color";
                                    choices: {
                                        value: string;
                                        description: string;
                                    }[];
                                }[];
                                media: {
                                    id: string;
                                    /** @description https://… or /path */
                                    url: string;
                                    width: number;
                                    height: number;
                                    altText?: string;
                                }[];
                                ribbon: string | null;
                                brand: string | null;
                                translations: {
                                    [key: string]: {
                                        name?: string;
                                        description?: string;
                                    };
                                };
                                collectionIds: string[];
                                variants: {
                                    id: string;
                                    choices: {
                                        [key: string]: string;
                                    };
                                    sku: string | null;
                                    price: number;
                                    compareAtPrice: number | null;
                                    weight: number | null;
                                    trackStock: boolean;
                                    stock: number;
                                    visible: boolean;
                                    media: {
                                        id: string;
                                        /** @description https://… or /path */
                                        url: string;
                                        width: number;
                                        height: number;
                                        altText?: string;
                                    }[];
                                }[];
                                createdDate: string;
                                updatedDate: string;
                            };
                            /** @description The site's currency: every amount is in its minor units */
                            currency: string;
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
        /** Delete a product (orders keep what they sold) */
        delete: {
            parameters: {
                query: {
                    /** @description The site */
                    siteId: string;
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
    "/_admin/v1/commerce/products/variant-grid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Every combination of the options' choices as variants, keeping the existing variants that match */
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
                        siteId: string;
                        options: {
                            name: string;
                            /** @description color: each value is a colour code, each description its name */
                            optionType: "drop_down" | "color";
                            choices: {
                                value: string;
                                description: string;
                            }[];
                        }[];
                        /** @description The price of the new variants */
                        price: number;
                        stock?: number;
                        existing?: {
                            id?: string;
                            /** @description One choice value per option: {"Size": "M"}; {} without options */
                            choices?: {
                                [key: string]: string;
                            };
                            sku?: string | null;
                            /** @description Selling price, minor units */
                            price: number;
                            compareAtPrice?: number | null;
                            weight?: number | null;
                            trackStock?: boolean;
                            stock?: number | null;
                            visible?: boolean;
                            media?: {
                                id: string;
                                /** @description https://… or /path */
                                url: string;
                                width: number;
                                height: number;
                                altText?: string;
                            }[];
                        }[];
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
                            variants: {
                                id?: string;
                                /** @description One choice value per option: {"Size": "M"}; {} without options */
                                choices?: {
                                    [key: string]: string;
                                };
                                sku?: string | null;
                                /** @description Selling price, minor units */
                                price: number;
                                compareAtPrice?: number | null;
                                weight?: number | null;
                                trackStock?: boolean;
                                stock?: number | null;
                                visible?: boolean;
                                media?: {
                                    id: string;
                                    /** @description https://… or /path */
                                    url: string;
                                    width: number;
                                    height: number;
                                    altText?: string;
                                }[];
                            }[];
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
    "/_admin/v1/commerce/collections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The catalog's collections */
        get: {
            parameters: {
                query: {
                    /** @description The site */
                    siteId: string;
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
                            collections: {
                                id: string;
                                slug: string;
                                name: string;
                                description: string;
                                visible: boolean;
                                media: {
                                    id: string;
                                    /** @description https://… or /path */
                                    url: string;
                                    width: number;
                                    height: number;
                                    altText?: string;
                                }[];
                                translations: {
                                    [key: string]: {
                                        name?: string;
                                        description?: string;
                                    };
                                };
                                productCount: number;
                            }[];
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
        /** Create a collection */
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
                        siteId: string;
                        collection: {
                            /** @description The last part of the product page address: no spaces, /, ?, # or % */
                            slug: string;
                            name: string;
                            description?: string;
                            visible?: boolean;
                            media?: {
                                id: string;
                                /** @description https://… or /path */
                                url: string;
                                width: number;
                                height: number;
                                altText?: string;
                            }[];
                            /** @description Name and description per language ({"fr": {"name": "Cuisine"}}); absent on update: unchanged */
                            translations?: {
                                [key: string]: {
                                    name?: string;
                                    description?: string;
                                };
                            };
                        };
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
                            collection: {
                                id: string;
                                slug: string;
                                name: string;
                                description: string;
                                visible: boolean;
                                media: {
                                    id: string;
                                    /** @description https://… or /path */
                                    url: string;
                                    width: number;
                                    height: number;
                                    altText?: string;
                                }[];
                                translations: {
                                    [key: string]: {
                                        name?: string;
                                        description?: string;
                                    };
                                };
                                productCount: number;
                            };
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
    "/_admin/v1/commerce/collections/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change a collection */
        put: {
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
                    "application/json": {
                        /** @description The site */
                        siteId: string;
                        collection: {
                            /** @description The last part of the product page address: no spaces, /, ?, # or % */
                            slug: string;
                            name: string;
                            description?: string;
                            visible?: boolean;
                            media?: {
                                id: string;
                                /** @description https://… or /path */
                                url: string;
                                width: number;
                                height: number;
                                altText?: string;
                            }[];
                            /** @description Name and description per language ({"fr": {"name": "Cuisine"}}); absent on update: unchanged */
                            translations?: {
                                [key: string]: {
                                    name?: string;
                                    description?: string;
                                };
                            };
                        };
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
                            collection: {
                                id: string;
                                slug: string;
                                name: string;
                                description: string;
                                visible: boolean;
                                media: {
                                    id: string;
                                    /** @description https://… or /path */
                                    url: string;
                                    width: number;
                                    height: number;
                                    altText?: string;
                                }[];
                                translations: {
                                    [key: string]: {
                                        name?: string;
                                        description?: string;
                                    };
                                };
                                productCount: number;
                            };
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
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_admin/v1/commerce/collections/{id}/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set a collection's products, in order */
        put: {
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
                    "application/json": {
                        /** @description The site */
                        siteId: string;
                        productIds: string[];
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
                            collection: {
                                id: string;
                                slug: string;
                                name: string;
                                description: string;
                                visible: boolean;
                                media: {
                                    id: string;
                                    /** @description https://… or /path */
                                    url: string;
                                    width: number;
                                    height: number;
                                    altText?: string;
                                }[];
                                translations: {
                                    [key: string]: {
                                        name?: string;
                                        description?: string;
                                    };
                                };
                                productCount: number;
                            };
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
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_admin/v1/commerce/discounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Discount codes, newest first */
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
                            discounts: {
                                id: string;
                                /** @description In capitals; shoppers type it in any case */
                                code: string;
                                kind: "percentage" | "amount";
                                /** @description percentage: whole percent 1–100; amount: minor units of the currency */
                                value: number;
                                currency: string;
                                /** @description Minor units */
                                minSubtotal: number;
                                startsAt: string | null;
                                endsAt: string | null;
                                usageLimit: number | null;
                                /** @description Orders placed with it (a cancelled order gives its use back) */
                                used: number;
                                active: boolean;
                                createdDate: string;
                            }[];
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
        /** Create a discount code */
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
                        /** @description 1 to 40 letters, digits, "-" or "_" */
                        code?: unknown;
                        /** @description percentage or amount */
                        kind?: unknown;
                        /** @description percentage: 1–100; amount: minor units (1850 = 18.50 EUR, 1850 = ¥1,850) */
                        value?: unknown;
                        /** @description Minor units; 0 for none */
                        minSubtotal?: unknown;
                        /** @description ISO 8601, or null */
                        startsAt?: unknown;
                        /** @description ISO 8601 (exclusive), or null */
                        endsAt?: unknown;
                        /** @description Orders it may be used for, or null */
                        usageLimit?: unknown;
                        /** @description false: shoppers are told it does not exist */
                        active?: unknown;
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
                            discount: {
                                id: string;
                                /** @description In capitals; shoppers type it in any case */
                                code: string;
                                kind: "percentage" | "amount";
                                /** @description percentage: whole percent 1–100; amount: minor units of the currency */
                                value: number;
                                currency: string;
                                /** @description Minor units */
                                minSubtotal: number;
                                startsAt: string | null;
                                endsAt: string | null;
                                usageLimit: number | null;
                                /** @description Orders placed with it (a cancelled order gives its use back) */
                                used: number;
                                active: boolean;
                                createdDate: string;
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
    "/_admin/v1/commerce/discounts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a discount code (orders keep the code they were placed with) */
        delete: {
            parameters: {
                query?: {
                    /** @description The site */
                    siteId?: unknown;
                };
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
        /** Change a discount code (the fields named) */
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
                    "application/json": {
                        /** @description The site */
                        siteId?: unknown;
                        /** @description 1 to 40 letters, digits, "-" or "_" */
                        code?: unknown;
                        /** @description percentage or amount */
                        kind?: unknown;
                        /** @description percentage: 1–100; amount: minor units (1850 = 18.50 EUR, 1850 = ¥1,850) */
                        value?: unknown;
                        /** @description Minor units; 0 for none */
                        minSubtotal?: unknown;
                        /** @description ISO 8601, or null */
                        startsAt?: unknown;
                        /** @description ISO 8601 (exclusive), or null */
                        endsAt?: unknown;
                        /** @description Orders it may be used for, or null */
                        usageLimit?: unknown;
                        /** @description false: shoppers are told it does not exist */
                        active?: unknown;
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
                            discount: {
                                id: string;
                                /** @description In capitals; shoppers type it in any case */
                                code: string;
                                kind: "percentage" | "amount";
                                /** @description percentage: whole percent 1–100; amount: minor units of the currency */
                                value: number;
                                currency: string;
                                /** @description Minor units */
                                minSubtotal: number;
                                startsAt: string | null;
                                endsAt: string | null;
                                usageLimit: number | null;
                                /** @description Orders placed with it (a cancelled order gives its use back) */
                                used: number;
                                active: boolean;
                                createdDate: string;
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
    "/_admin/v1/commerce/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The commerce module’s orders, newest first */
        get: {
            parameters: {
                query?: {
                    /** @description The site */
                    siteId?: unknown;
                    /** @description One of AWAITING_PAYMENT, PAID, FULFILLED, CANCELED */
                    status?: unknown;
                    /** @description An order number (or its first digits) or a part of the buyer’s email */
                    search?: unknown;
                    /** @description First day, YYYY-MM-DD (UTC) */
                    from?: unknown;
                    /** @description Last day, YYYY-MM-DD (UTC) */
                    to?: unknown;
                    /** @description 1 to 100 (default 25) */
                    limit?: unknown;
                    /** @description Orders to skip */
                    offset?: unknown;
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
                            orders: ({
                                id: string;
                                number: string;
                                /** @enum {unknown} */
                                status: "AWAITING_PAYMENT" | "PAID" | "FULFILLED" | "CANCELED";
                                paymentStatus: string;
                                nextStatuses: ("AWAITING_PAYMENT" | "PAID" | "FULFILLED" | "CANCELED")[];
                                buyer: {
                                    memberId: string | null;
                                    visitorId: string | null;
                                    email: string | null;
                                    guest: boolean;
                                } & {
                                    [key: string]: unknown;
                                };
                                currency: string;
                                pricesIncludeTax: boolean;
                                lines: {
                                    [key: string]: unknown;
                                }[];
                                subtotal: number;
                                discountTotal: number;
                                shippingTotal: number;
                                taxTotal: number;
                                total: number;
                                amounts: {
                                    subtotal: string;
                                    discount: string;
                                    shipping: string;
                                    tax: string;
                                    total: string;
                                } & {
                                    [key: string]: unknown;
                                };
                                couponCode: string | null;
                                shippingAddress: {
                                    [key: string]: unknown;
                                } | null;
                                shippingMethod: {
                                    [key: string]: unknown;
                                } | null;
                                checkoutId: string | null;
                                expiresDate: string | null;
                                createdDate: string;
                                updatedDate: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            total: number;
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
    "/_admin/v1/commerce/orders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One order with its history */
        get: {
            parameters: {
                query?: {
                    /** @description The site */
                    siteId?: unknown;
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
                            order: {
                                id: string;
                                number: string;
                                /** @enum {unknown} */
                                status: "AWAITING_PAYMENT" | "PAID" | "FULFILLED" | "CANCELED";
                                paymentStatus: string;
                                nextStatuses: ("AWAITING_PAYMENT" | "PAID" | "FULFILLED" | "CANCELED")[];
                                buyer: {
                                    memberId: string | null;
                                    visitorId: string | null;
                                    email: string | null;
                                    guest: boolean;
                                } & {
                                    [key: string]: unknown;
                                };
                                currency: string;
                                pricesIncludeTax: boolean;
                                lines: {
                                    [key: string]: unknown;
                                }[];
                                subtotal: number;
                                discountTotal: number;
                                shippingTotal: number;
                                taxTotal: number;
                                total: number;
                                amounts: {
                                    subtotal: string;
                                    discount: string;
                                    shipping: string;
                                    tax: string;
                                    total: string;
                                } & {
                                    [key: string]: unknown;
                                };
                                couponCode: string | null;
                                shippingAddress: {
                                    [key: string]: unknown;
                                } | null;
                                shippingMethod: {
                                    [key: string]: unknown;
                                } | null;
                                checkoutId: string | null;
                                expiresDate: string | null;
                                createdDate: string;
                                updatedDate: string;
                            } & {
                                [key: string]: unknown;
                            };
                            /** @description Oldest first */
                            history: ({
                                fromStatus: ("AWAITING_PAYMENT" | "PAID" | "FULFILLED" | "CANCELED") | null;
                                /** @enum {unknown} */
                                toStatus: "AWAITING_PAYMENT" | "PAID" | "FULFILLED" | "CANCELED";
                                /** @description 'shopper', 'owner:<id>', 'api-key:<name>', 'admin-key' or 'system' (expiry) */
                                actor: string;
                                note: string | null;
                                date: string;
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
    "/_admin/v1/commerce/orders/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Move an order through its state machine */
        post: {
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
                    "application/json": {
                        /** @description The site */
                        siteId?: unknown;
                        /** @description The new status: AWAITING_PAYMENT, PAID, FULFILLED, CANCELED */
                        status?: unknown;
                        /** @description Optional, at most 500 characters; mailed to the shopper and kept in the history */
                        note?: unknown;
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
                            order: {
                                id: string;
                                number: string;
                                /** @enum {unknown} */
                                status: "AWAITING_PAYMENT" | "PAID" | "FULFILLED" | "CANCELED";
                                paymentStatus: string;
                                nextStatuses: ("AWAITING_PAYMENT" | "PAID" | "FULFILLED" | "CANCELED")[];
                                buyer: {
                                    memberId: string | null;
                                    visitorId: string | null;
                                    email: string | null;
                                    guest: boolean;
                                } & {
                                    [key: string]: unknown;
                                };
                                currency: string;
                                pricesIncludeTax: boolean;
                                lines: {
                                    [key: string]: unknown;
                                }[];
                                subtotal: number;
                                discountTotal: number;
                                shippingTotal: number;
                                taxTotal: number;
                                total: number;
                                amounts: {
                                    subtotal: string;
                                    discount: string;
                                    shipping: string;
                                    tax: string;
                                    total: string;
                                } & {
                                    [key: string]: unknown;
                                };
                                couponCode: string | null;
                                shippingAddress: {
                                    [key: string]: unknown;
                                } | null;
                                shippingMethod: {
                                    [key: string]: unknown;
                                } | null;
                                checkoutId: string | null;
                                expiresDate: string | null;
                                createdDate: string;
                                updatedDate: string;
                            } & {
                                [key: string]: unknown;
                            };
                            /** @description Oldest first */
                            history: ({
                                fromStatus: ("AWAITING_PAYMENT" | "PAID" | "FULFILLED" | "CANCELED") | null;
                                /** @enum {unknown} */
                                toStatus: "AWAITING_PAYMENT" | "PAID" | "FULFILLED" | "CANCELED";
                                /** @description 'shopper', 'owner:<id>', 'api-key:<name>', 'admin-key' or 'system' (expiry) */
                                actor: string;
                                note: string | null;
                                date: string;
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
    "/_admin/v1/commerce/orders/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The module’s orders as CSV (the list’s filters, newest first, at most 10000 rows) */
        get: {
            parameters: {
                query?: {
                    /** @description The site */
                    siteId?: unknown;
                    /** @description One of AWAITING_PAYMENT, PAID, FULFILLED, CANCELED */
                    status?: unknown;
                    /** @description An order number (or its first digits) or a part of the buyer’s email */
                    search?: unknown;
                    /** @description First day, YYYY-MM-DD (UTC) */
                    from?: unknown;
                    /** @description Last day, YYYY-MM-DD (UTC) */
                    to?: unknown;
                };
                header?: never;
                path?: never;
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
    "/_admin/v1/commerce/orders/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Sales of the last 30 days, in minor units of the site’s currency */
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
                            currency: string;
                            /** @description The last 30 UTC days, oldest first */
                            days: ({
                                day: string;
                                orders: number;
                                /** @description Minor units */
                                revenue: number;
                                /** @description Minor units */
                                averageOrderValue: number;
                            } & {
                                [key: string]: unknown;
                            })[];
                            totals: {
                                orders: number;
                                /** @description Minor units */
                                revenue: number;
                                /** @description Minor units */
                                averageOrderValue: number;
                            } & {
                                [key: string]: unknown;
                            };
                            topProducts: ({
                                productId: string;
                                title: string;
                                image: string | null;
                                quantity: number;
                                /** @description Minor units */
                                revenue: number;
                            } & {
                                [key: string]: unknown;
                            })[];
                            awaitingAction: {
                                awaitingPayment: number;
                                /** @description Paid, not yet fulfilled */
                                toShip: number;
                                /** @description The orders waiting longest, oldest first */
                                oldest: ({
                                    _id: string;
                                    id: string;
                                    number: string;
                                    /** @enum {unknown} */
                                    status: "AWAITING_PAYMENT" | "PAID" | "FULFILLED" | "CANCELED";
                                    createdDate: string;
                                    itemCount: number;
                                    /** @description Minor units */
                                    subtotal: number;
                                    /** @description Minor units */
                                    total: number;
                                    currency: string;
                                    email: string | null;
                                    memberId: string | null;
                                    guest: boolean;
                                } & {
                                    [key: string]: unknown;
                                })[];
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
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_admin/v1/commerce/orders/{id}/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An order’s payments and refunds */
        get: {
            parameters: {
                query?: {
                    /** @description The site */
                    siteId?: unknown;
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
                            /** @description NOT_PAID, PENDING, PAID, PARTIALLY_REFUNDED, FULLY_REFUNDED or DECLINED */
                            paymentStatus: string;
                            payments: ({
                                id: string;
                                provider: string;
                                method: string | null;
                                /** @description pending, processing, succeeded or failed */
                                status: string;
                                /** @description Minor units */
                                amount: number;
                                currency: string;
                                refundedAmount: number;
                                providerReference: string | null;
                                chargeReference: string | null;
                                failure: {
                                    [key: string]: unknown;
                                } | null;
                                createdDate: string;
                                completedDate: string | null;
                            } & {
                                [key: string]: unknown;
                            })[];
                            refunds: ({
                                id: string;
                                paymentId: string;
                                /** @description Minor units */
                                amount: number;
                                currency: string;
                                /** @description pending, succeeded or failed */
                                status: string;
                                reason: string | null;
                                actor: string;
                                createdDate: string;
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
    "/_admin/v1/commerce/orders/{id}/refunds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Refund all or part of what an order was paid, through its provider */
        post: {
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
                    "application/json": {
                        /** @description The site */
                        siteId?: unknown;
                        /** @description Minor units of the order’s currency; absent = all that is left to refund */
                        amount?: unknown;
                        /** @description Optional, at most 500 characters; kept in the order’s history */
                        reason?: unknown;
                        /** @description Optional: the same key asked again answers the first refund (at most 100 characters) */
                        idempotencyKey?: unknown;
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
                            refund: {
                                id: string;
                                paymentId: string;
                                /** @description Minor units */
                                amount: number;
                                currency: string;
                                /** @description pending, succeeded or failed */
                                status: string;
                                reason: string | null;
                                actor: string;
                                createdDate: string;
                            } & {
                                [key: string]: unknown;
                            };
                            /** @description NOT_PAID, PENDING, PAID, PARTIALLY_REFUNDED, FULLY_REFUNDED or DECLINED */
                            paymentStatus: string;
                            payments: ({
                                id: string;
                                provider: string;
                                method: string | null;
                                /** @description pending, processing, succeeded or failed */
                                status: string;
                                /** @description Minor units */
                                amount: number;
                                currency: string;
                                refundedAmount: number;
                                providerReference: string | null;
                                chargeReference: string | null;
                                failure: {
                                    [key: string]: unknown;
                                } | null;
                                createdDate: string;
                                completedDate: string | null;
                            } & {
                                [key: string]: unknown;
                            })[];
                            refunds: ({
                                id: string;
                                paymentId: string;
                                /** @description Minor units */
                                amount: number;
                                currency: string;
                                /** @description pending, succeeded or failed */
                                status: string;
                                reason: string | null;
                                actor: string;
                                createdDate: string;
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
