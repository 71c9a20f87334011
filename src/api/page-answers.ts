// Answers the server put in the page it served (script#page-answers, JSON: for the GraphQL documents the
// build named in script#tenant-documents, each operation's name with its variables and data; see
// scripts/build/tenant-documents.ts and the reference server's server/page.ts). The boot script takes one instead of sending
// that request: the tenant's settings then cost no round trip before the logo, the store's products and the
// app can start. Each answer is taken once (a retry asks the server), and only for the same operation and
// variables; a server that answers nothing in the page leaves every request to the network.
import { operationName, type PageAnswer } from '../boot-protocol/page-answers';

let answers: PageAnswer[] | null = null;

function readAnswers(): PageAnswer[] {
  try {
    const parsed = JSON.parse(document.getElementById('page-answers')?.textContent ?? '[]') as unknown;
    return Array.isArray(parsed)
      ? parsed.filter(
          (entry): entry is PageAnswer =>
            typeof entry?.operation === 'string' &&
            typeof entry.variables === 'object' &&
            entry.variables !== null &&
            typeof entry.data === 'object' &&
            entry.data !== null,
        )
      : [];
  } catch {
    return [];
  }
}

const sameVariables = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((key) => Object.is(a[key], b[key]));

/**
 * The page's answer to `query` with `variables` (its data), once; undefined when the page has none. The page
 * and the boot script come from one build, so an answer for the operation has the document's shape.
 */
export function takePageAnswer(query: string, variables: Record<string, unknown>): unknown {
  answers ??= readAnswers();
  const operation = operationName(query);
  const index = answers.findIndex((answer) => answer.operation === operation && sameVariables(answer.variables, variables));
  return index === -1 ? undefined : answers.splice(index, 1)[0]!.data;
}
