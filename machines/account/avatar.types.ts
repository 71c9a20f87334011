export interface AvatarFile {
  type: string;
}

export interface CropArea {
  x: number;
  y: number;
  width: number;
  height: number;
  rotation: number;
}

export interface AvatarInput {
  /** The browser has the FileReader API. */
  canReadFiles: boolean;
}

export interface AvatarContext extends AvatarInput {
  /** The chosen image as a data URL, while it is cropped. */
  source: string | null;
  /** The last 150×150 result. */
  result: string | null;
  /** Why the last picture could not be used: it could not be read, or its square could not be drawn. */
  failure: 'read' | 'draw' | null;
}

export type AvatarEvent =
  { type: 'file.choose'; file: AvatarFile } | { type: 'crop.confirm'; area: CropArea } | { type: 'crop.cancel' };

/** Sent to listeners (the profile form) when the cropped image is ready. */
export type AvatarEmitted = { type: 'avatar.cropped'; dataUrl: string };
