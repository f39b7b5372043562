import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { CaptchaVerifier } from '../../security/index.js';
import { privateNetworksAllowed } from '../../http/outbound/index.js';
import { accountInfoPage, accountInfoSubmit } from './info.js';
import { accountOrdersPage } from './orders.js';
import { ACCOUNT_PATHS } from '../../oauth/account-paths.js';

const page = (summary: string) => ({
  summary,
  produces: ['text/html'],
  response: { 200: Type.String({ description: 'HTML' }) },
});

/**
 * The hosted account pages (issue #34, docs/account-pages.md): where a `membersAccount` redirect
 * session leads once its member is known. Thin: each route hands the request to its page module.
 */
export const accountRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const captcha = new CaptchaVerifier({
    db: ctx.db,
    secret: ctx.tokens.keys.secretFor('altcha'),
    now: ctx.now,
    allowPrivateNetworks: privateNetworksAllowed(ctx.config),
    log: ctx.log,
  });
  const scope = { ctx, deps: { ctx, limiter: ctx.limiter, captcha } };
  app.get(
    ACCOUNT_PATHS.ACCOUNT_INFO!,
    { schema: page('The hosted ACCOUNT_INFO page of an account link') },
    (request, reply) => accountInfoPage(scope, request, reply),
  );
  app.post(
    ACCOUNT_PATHS.ACCOUNT_INFO!,
    {
      schema: page('A submitted ACCOUNT_INFO form (profile, password, sign out everywhere, delete)'),
      bodyLimit: 16 * 1024,
    },
    (request, reply) => accountInfoSubmit(scope, request, reply),
  );
  app.get(ACCOUNT_PATHS.ORDERS!, { schema: page('The hosted ORDERS page of an account link') }, (request, reply) =>
    accountOrdersPage(scope, request, reply),
  );
};
