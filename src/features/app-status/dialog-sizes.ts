// Dialog widths (spec §9): 500, the old-browser dialog 480.
export const dialogWidth = 500;
export const oldBrowserDialogWidth = 480;
