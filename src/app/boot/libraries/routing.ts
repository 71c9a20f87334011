// The router's chunk (TanStack Router and its history and store), evaluated ahead of the app (see ./ui.ts).
export { createRouter } from '@tanstack/react-router';
