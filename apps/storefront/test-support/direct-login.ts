/**
 * jsdom cannot run the hidden sign-in frame (it does not execute the server's page): the storefront's
 * client gets the SDK test support's HTTP stand-in for that one transport (the code exchange stays the SDK's own).
 */
import { httpSilentLogin } from '@vitrine/sdk/test-support/jsdom';
import type { ShopClient } from '../src/app/shop-client.js';

export function installHttpSilentLogin(client: ShopClient): void {
  httpSilentLogin(client);
}
