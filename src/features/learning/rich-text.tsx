// Rich text from the server (lecture and course descriptions, spec §3): sanitised with DOMPurify before it
// is rendered, so no script, event handler or javascript: link survives; links that open a new tab cannot
// reach back to the portal.
import { Typography } from '@mantine/core';
import DOMPurify from 'dompurify';

let hooked = false;

export function sanitizeRichText(html: string): string {
  if (!hooked) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
    });
    hooked = true;
  }
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, ADD_ATTR: ['target'], FORBID_TAGS: ['style', 'form'] });
}

export function RichText({ html, testId }: { html: string | null | undefined; testId?: string }) {
  if (!html) return null;
  return (
    <Typography data-testid={testId}>
      <div dangerouslySetInnerHTML={{ __html: sanitizeRichText(html) }} />
    </Typography>
  );
}
