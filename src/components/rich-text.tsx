// Rich text from the server (product descriptions, lecture and course texts, CMS pages) shown as HTML only
// after DOMPurify has taken out scripts, event handlers, javascript: links and anything else that could run;
// links that open a new tab cannot reach back to the portal. A caller may also say which links may stay
// (keepLink): a link it refuses keeps its text and stops being a link.
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

/** The HTML with each link keepLink refuses replaced by its text. */
function unlink(html: string, keepLink: (href: string) => boolean): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const anchor of template.content.querySelectorAll('a[href]')) {
    if (!keepLink(anchor.getAttribute('href')!)) anchor.replaceWith(...anchor.childNodes);
  }
  return template.innerHTML;
}

export function RichText({
  html,
  className,
  testId,
  keepLink,
}: {
  html: string | null | undefined;
  className?: string;
  testId?: string;
  keepLink?: (href: string) => boolean;
}) {
  const clean = useMemo(() => {
    const safe = html ? sanitize(html) : '';
    return safe && keepLink ? unlink(safe, keepLink) : safe;
  }, [html, keepLink]);
  if (!clean) return null;
  // eslint-disable-next-line react/no-danger -- sanitised above
  return <Typography className={className} data-testid={testId} dangerouslySetInnerHTML={{ __html: clean }} />;
}
