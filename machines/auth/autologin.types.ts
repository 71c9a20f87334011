export interface AutologinInput {
  /** The handed-over session, or null when the URL carried none. */
  session: { access_token: string; expires_in: number } | null;
  productsModuleOn: boolean;
  hasStoredProducts: boolean;
}
