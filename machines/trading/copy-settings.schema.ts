// A follower's settings as a form types them (issue 32, calls §9; domain/copy-trading.ts linkSettingsSchema): the lot
// size in percent (100 by default, read as 1:1), a drawdown limit in percent (empty: none) and the quote asset (one of
// the strategy's). The link request and a connection's settings check the same schema the server does; messages are
// field codes (required, integer, minValue:1, maxValue:500, choice).
import type { AppError } from '../../domain/app-error';
import { defaultSettings, lotRatio, lotSize, parseLinkSettings } from '../../domain/copy-trading';
import type { CopySettingsRow } from './copy-links.types';

export interface SettingsValues {
  lotSize: string;
  drawdownLimit: string;
  quoteAsset: string;
}
export type SettingsField = keyof SettingsValues;
export type SettingsFieldErrors = Partial<Record<SettingsField, string>>;

/** The contract's settings fields, by the form's. */
const contractFields: Record<string, SettingsField> = {
  lot_size_percent: 'lotSize',
  max_drawdown_percent: 'drawdownLimit',
  no_drawdown_limit: 'drawdownLimit',
  quote_asset: 'quoteAsset',
};

export const settingsValuesOf = (settings: CopySettingsRow): SettingsValues => ({
  lotSize: String(settings.lotSizePercent),
  drawdownLimit: settings.maxDrawdownPercent === null ? '' : String(settings.maxDrawdownPercent),
  quoteAsset: settings.quoteAsset,
});

/** A new request's settings: the spec's defaults (lot size 100 %, no drawdown limit, the strategy's quote asset). */
export function defaultSettingsValues(quoteAsset: string): SettingsValues {
  const settings = defaultSettings(quoteAsset);
  return settingsValuesOf({ lotSizePercent: settings.lot_size_percent, maxDrawdownPercent: settings.max_drawdown_percent, quoteAsset });
}

/** A typed whole number as a number; anything else is NaN, which the schema names `integer`. */
const wholeOf = (text: string) => (/^\s*-?\d+(?:\.\d+)?\s*$/.test(text) ? Number(text.trim()) : Number.NaN);

/** The contract's CopySettingsInput for these values: an empty drawdown limit clears it. */
export function settingsInputOf(values: SettingsValues) {
  const noLimit = values.drawdownLimit.trim() === '';
  return {
    lot_size_percent: wholeOf(values.lotSize),
    max_drawdown_percent: noLimit ? null : wholeOf(values.drawdownLimit),
    no_drawdown_limit: noLimit,
    quote_asset: values.quoteAsset,
  };
}

/** Every field's code for the values (empty: they may be sent). The lot size may not be left empty. */
export function settingsErrors(values: SettingsValues, quoteAssets: readonly string[]): SettingsFieldErrors {
  const errors: SettingsFieldErrors = {};
  if (values.lotSize.trim() === '') errors.lotSize = 'required';
  const result = parseLinkSettings(quoteAssets, settingsInputOf(values));
  if (!result.success) {
    for (const issue of result.issues) {
      const field = contractFields[String(issue.path?.[0]?.key ?? '')];
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  return errors;
}

/** A typed lot size read as a ratio (100 → 1:1, 50 → 1:2); null while it is not a lot size. */
export function lotRatioOf(text: string): string | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const percent = Number(text.trim());
  return percent >= lotSize.min && percent <= lotSize.max ? lotRatio(percent) : null;
}

export const hasErrors = (errors: object) => Object.keys(errors).length > 0;

/** The codes a validation error of the server names on the settings fields (settings.lot_size_percent, ...). */
export function serverSettingsErrors(error: AppError): SettingsFieldErrors {
  const errors: SettingsFieldErrors = {};
  if (error.code !== 'validation') return errors;
  for (const [name, codes] of Object.entries(error.fieldCodes ?? error.fields ?? {})) {
    const field = contractFields[name.replace(/^settings\./, '')];
    if (field && codes[0] && !errors[field]) errors[field] = codes[0];
  }
  return errors;
}
