// An authentication error on a non-public route ends the session (spec §8): every API failure of that
// category (without a named reason) leads to /logout?s=expired.
import { api } from '../../api/client';
import { isOnPrivateRoute, navigate } from './navigation';

api.onAuthenticationError = (error) => {
  // Named outcomes (a wrong password, a two-factor step) belong to the form that asked.
  if (error.reason) return;
  if (!isOnPrivateRoute()) return;
  void navigate({ to: '/logout', search: { s: 'expired' }, replace: true });
};
