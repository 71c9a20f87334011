// The project's files that the build's plugins and chunk planning name (paths from the project's root).
import { fileURLToPath } from 'node:url';

const fromRoot = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

export const bootScript = fromRoot('src/boot.ts');
export const appEntry = fromRoot('src/main.tsx');
export const routesDir = fromRoot('src/routes/');
export const generatedDocuments = fromRoot('src/api/generated/graphql.ts');
export const generatedDocumentMap = fromRoot('src/api/generated/gql.ts');
/** What every page loads at run time besides its routes' code: the app-status flows (src/app/app.tsx). */
export const everyPage = [fromRoot('src/app/flows/app-status.ts')];
export const projectRoot = fromRoot('');
