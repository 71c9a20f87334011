// Mantine's styles. The build adds each component's own sheet to the chunk that holds the component
// (scripts/build/mantine-styles.ts), so a page loads the CSS of what it shows; these three are what
// every component needs first. Development pre-bundles Mantine without that step, so it takes the whole sheet.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';

if (import.meta.env.DEV) void import('@mantine/core/styles.css');
