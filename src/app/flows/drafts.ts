// The signed-in member's form drafts (src/lib/form-drafts.ts) for the flows that keep one: the member is the
// one the member layout loaded, so a draft is only ever read back by the member who typed it.
import type { MeQuery } from '../../api/generated/graphql';
import { queryKeys } from '../../api/query-keys';
import { clearFormDraft, readFormDraft, writeFormDraft, type DraftForm } from '../../lib/form-drafts';
import { queryClient } from '../router/query-client';

export const signedInMember = () => queryClient.getQueryData<MeQuery>(queryKeys.account.me())?.me?.uuid ?? null;

export const memberDrafts = {
  read: <T extends object>(form: DraftForm) => readFormDraft<T>(form, signedInMember()),
  write: (form: DraftForm, values: object) => writeFormDraft(form, signedInMember(), values),
  clear: (form: DraftForm) => clearFormDraft(form, signedInMember()),
};
