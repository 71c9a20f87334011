// Rich text from the server (product descriptions, lesson texts, CMS pages) shown as HTML only after
// DOMPurify has taken out scripts, event handlers and anything else that could run.
import { useMemo } from 'react';
import DOMPurify from 'dompurify';
import { Typography } from '@mantine/core';

export const sanitize = (html: string): string =>
  DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form'], FORBID_ATTR: ['style'] });

export function RichText({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitize(html), [html]);
  // eslint-disable-next-line react/no-danger -- sanitised above
  return <Typography className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
