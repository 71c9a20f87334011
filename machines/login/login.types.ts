import type { AppError } from '../shared/app-error';

export interface LoginInput {
  /** The products module is on for this tenant. */
  productsModuleOn: boolean;
  /** Purchase-link products are stored in this browser (sc_products). */
  hasStoredProducts: boolean;
}

export interface LoginContext extends LoginInput {
  error: AppError | null;
}

export interface Credentials {
  email: string;
  password: string;
}

export interface LoginAnswer {
  access_token: string;
  expires_in: number;
}

export type LoginEvent = { type: 'credentials.submit' } & Credentials;
