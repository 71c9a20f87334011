// A QR code drawn in the browser (the qrcode package, loaded on demand) as an image with an accessible name.
// Spec §2 "QR-code dialog": sizes 120, 150 and 200.
import { useEffect, useState } from 'react';
import { Image } from '@mantine/core';

export function QrCode({ value, label, size = 200 }: { value: string; label: string; size?: 120 | 150 | 200 }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    void import('qrcode').then((qrcode) =>
      qrcode.toString(value, { type: 'svg', margin: 1, width: size }).then((svg) => {
        if (!cancelled) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      }),
    );
    return () => {
      cancelled = true;
    };
  }, [value, size]);
  return src ? (
    <Image src={src} alt={label} w={size} h={size} />
  ) : (
    <div role="img" aria-label={label} aria-busy="true" style={{ width: size, height: size }} />
  );
}
