// "Skip to content": the first stop of the Tab order on every layout, visible only while focused, so a
// keyboard reaches the page's content without walking through the header and the menu.
import { Trans } from '@lingui/react/macro';
import './skip-link.css';

/** The id of every layout's main content (focusable by script: tabIndex -1). */
export const mainContentId = 'main-content';

export function SkipLink() {
  return (
    <a className="skip-link" href={`#${mainContentId}`}>
      <Trans>Skip to content</Trans>
    </a>
  );
}
