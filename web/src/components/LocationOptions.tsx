import type { CustomerLocation } from '../../../contract/users';

/** The options of a location select: city, and the site address where there is one. */
export function LocationOptions({ locations }: { locations: readonly CustomerLocation[] }) {
  return (
    <>
      {locations.map((l) => (
        <option key={l.locationId} value={l.locationId}>
          {l.city}
          {l.siteAddress ? ` – ${l.siteAddress}` : ''}
        </option>
      ))}
    </>
  );
}
