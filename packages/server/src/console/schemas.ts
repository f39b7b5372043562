/** Schemas of the owner console's files (`/console`). */
import { Type } from 'typebox';

const html = (summary: string) => ({
  summary,
  produces: ['text/html'],
  security: [],
  response: { 200: Type.String({ description: 'HTML or a console asset' }) },
});

export const consoleApp = html('The owners console');
export const consoleFiles = html('The owners console (its pages and assets)');
