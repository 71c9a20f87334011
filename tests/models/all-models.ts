// Every machine's model; the model tests, the view walks and `npm run test:model` read this list.
import type { Model } from '../support/model';
import { loginModel } from './login.model';
import { logoutModel } from './logout.model';
import { tenantConfigModel } from './tenant-config.model';
import { registrationModel } from './registration.model';
import { appStateModel, memberStatusModel, oldBrowserModel } from './app-status.model';
import { activationModel, avatarModel, deactivationModel, profileModel, stakingWalletModel } from './account-settings.model';
import {
  autologinModel,
  newPasswordModel,
  oauthLoginModel,
  resetRequestModel,
  ssoSessionModel,
  verifyEmailModel,
} from './account-flows.model';

export const models: Model<any>[] = [
  tenantConfigModel,
  loginModel,
  logoutModel,
  registrationModel,
  verifyEmailModel,
  resetRequestModel,
  newPasswordModel,
  autologinModel,
  oauthLoginModel,
  ssoSessionModel,
  appStateModel,
  memberStatusModel,
  oldBrowserModel,
  activationModel,
  deactivationModel,
  profileModel,
  avatarModel,
  stakingWalletModel,
];
