// The app's one query client: failed first loads become toasts.
import { createQueryClient } from '../lib/query-client';
import { showErrorToast } from './toasts';

export const queryClient = createQueryClient(showErrorToast);
