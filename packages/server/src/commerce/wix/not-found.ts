/**
 * How Wix's catalog answers an unknown product, variant or collection: 404 with `details` empty, no
 * `applicationError`. `@wix/sdk` then fills `details.applicationError.code` with the HTTP status, the number 404,
 * and that is what the nextjs/commerce template tests (`getCollectionProducts`: `code !== 404` rethrows). A
 * catalogued `applicationError` would carry a string code and break that page, so the catalogue's code rides
 * beside the envelope as `code` (the SDK keeps the body in `applicationError.data.details`).
 */
import { ERRORS } from '../../errors/catalogue.js';
import { ApiError } from '../../errors/wire.js';

type NotFoundName = 'PRODUCT_NOT_FOUND' | 'VARIANT_NOT_FOUND' | 'STORE_COLLECTION_NOT_FOUND';

export class StoresNotFound extends ApiError {
  readonly status = 404;
  readonly code: string;
  constructor(name: NotFoundName, description?: string) {
    super(description ?? ERRORS[name].text);
    this.name = 'StoresNotFound';
    this.code = ERRORS[name].code;
  }
  toBody(): Record<string, unknown> {
    return { message: this.message, details: {}, code: this.code };
  }
}

export const notFound = (name: NotFoundName, description?: string) => new StoresNotFound(name, description);
