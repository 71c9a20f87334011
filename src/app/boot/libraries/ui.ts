// The app's libraries come in three chunks, each evaluated in a task of its own before the app's code (see
// src/boot.ts and scripts/build/chunk-groups.ts): evaluated all at once they made the longest task of the first load. Each
// of these modules only names something of its chunk, so that importing it evaluates that chunk.
// This one: React, React DOM and Mantine.
export { createRoot } from 'react-dom/client';
export { MantineProvider } from '@mantine/core';
