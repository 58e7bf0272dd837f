import { useState } from 'react';
import type { Reservation } from '../../../../contract/reservations';

/** The first letters of the first and last word of a name. */
export const initialsOf = (name: string) => {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
};

/** The reserver's avatar thumbnail, or their initials when there is none (or it cannot be loaded), and the name. */
export function ReserverAvatar({ reservedBy, size = 24 }: { reservedBy: Reservation['reservedBy']; size?: number }) {
  const [broken, setBroken] = useState<string | null>(null);
  const url = reservedBy.avatarThumbnailUrl;
  return (
    <span className="calendar-reserver">
      {url && url !== broken ? (
        <img className="calendar-avatar" src={url} alt="" width={size} height={size} onError={() => setBroken(url)} />
      ) : (
        <span className="calendar-avatar calendar-initials" aria-hidden style={{ width: size, height: size }}>
          {initialsOf(reservedBy.userName)}
        </span>
      )}
      <span>{reservedBy.userName}</span>
    </span>
  );
}
