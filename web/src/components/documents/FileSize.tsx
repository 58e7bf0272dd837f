import { useTranslation } from 'react-i18next';

const KB = 1024;

/** A file size in the unit a user expects (bytes, kB, MB), written the way the current language writes it. */
export function FileSize({ bytes }: { bytes: number }) {
  const { i18n } = useTranslation();
  const [value, unit] =
    bytes < KB ? [bytes, 'byte'] : bytes < KB * KB ? [bytes / KB, 'kilobyte'] : [bytes / (KB * KB), 'megabyte'];
  const text = new Intl.NumberFormat(i18n.language, {
    style: 'unit',
    unit,
    // "12 B", not "12 byte".
    unitDisplay: unit === 'byte' ? 'narrow' : 'short',
    maximumFractionDigits: 1,
  }).format(value);
  return <>{text}</>;
}
