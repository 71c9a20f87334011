// Rich text from the server (product descriptions, lecture and course texts, CMS pages) shown as HTML only
// after DOMPurify has taken out scripts, event handlers, javascript: links and anything else that could run;
// links that open a new tab cannot reach back to the portal.
import { useMemo } from 'react';
import DOMPurify from 'dompurify';
import { Typography } from '@mantine/core';

let hooked = false;

export function sanitize(html: string): string {
  if (!hooked) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
    });
    hooked = true;
  }
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    ADD_ATTR: ['target'],
    FORBID_TAGS: ['style', 'form'],
    FORBID_ATTR: ['style'],
  });
}

export function RichText({ html, className, testId }: { html: string | null | undefined; className?: string; testId?: string }) {
  const clean = useMemo(() => (html ? sanitize(html) : ''), [html]);
  if (!clean) return null;
  // eslint-disable-next-line react/no-danger -- sanitised above
  return <Typography className={className} data-testid={testId} dangerouslySetInnerHTML={{ __html: clean }} />;
}
