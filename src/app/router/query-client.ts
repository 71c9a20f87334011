// The app's one query client: failed first loads become toasts. Loaded with the layouts' code, not on /login
// (src/app/router/query-client-loader.ts).
import { createQueryClient } from '../../lib/query-client';
import { showErrorToast } from '../toasts';

export const queryClient = createQueryClient(showErrorToast);
export { notifyManager } from '@tanstack/react-query';
