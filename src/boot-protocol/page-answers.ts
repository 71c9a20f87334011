// What the reference server writes into the page it serves and the boot script takes (server/page.ts,
// src/api/page-answers.ts): GraphQL answers named by their operation, with the variables they were asked with.

export interface PageAnswer {
  operation: string;
  variables: Record<string, unknown>;
  data: Record<string, unknown>;
}

/** The name of a document's operation (`query WhiteLabel(...)` → WhiteLabel). */
export const operationName = (document: string): string | null => /\b(?:query|mutation)\s+(\w+)/.exec(document)?.[1] ?? null;
