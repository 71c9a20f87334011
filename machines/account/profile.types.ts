import type { AppError } from '../../domain/app-error';
import type { ProfileLanguage, ProfileValues } from './profile.schema';

export interface ProfileInput {
  allowEditName: boolean;
}

export interface ProfileSave {
  values: ProfileValues;
  /** A new avatar (a 150×150 image as a data URL), or null to keep the current one. */
  avatar: string | null;
}

export type ProfileEvent =
  | { type: 'avatar.set'; dataUrl: string }
  | { type: 'avatar.reset' }
  | ({ type: 'profile.submit' } & { values: ProfileValues })
  | { type: 'language.change'; language: ProfileLanguage };

export interface ProfileContext extends ProfileInput {
  /** A new avatar (a 150×150 image as a data URL) waiting to be saved. */
  avatar: string | null;
  /** The language being switched to. */
  language: ProfileLanguage | null;
  error: AppError | null;
}
