import type { Country } from '../../../contract/configuration';

/**
 * ISO 3166-1 alpha-2 codes of every country, in code order. A country's id is its place in this list (1-based),
 * so ids never change: append new codes at the end, never insert or remove.
 */
const ISO_CODES =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'.split(
    ' ',
  );

const ID_BY_CODE = new Map(ISO_CODES.map((code, index) => [code, index + 1]));

/** The stable id of a country code; a code outside ISO 3166-1 is a data error. */
export function countryIdOf(code: string): number {
  const id = ID_BY_CODE.get(code.toUpperCase());
  if (id === undefined) throw new Error(`unknown country code ${code}`);
  return id;
}

const displayNames = (locale: string) => {
  try {
    return new Intl.DisplayNames([locale, 'en'], { type: 'region', fallback: 'code' });
  } catch {
    return new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  }
};

/** Every country with its name in the given locale (BCP 47, e.g. de, zh-TW), sorted by that name. */
export function countriesIn(locale: string): Country[] {
  const names = displayNames(locale);
  const collator = new Intl.Collator(locale);
  return ISO_CODES.map((countryCode, index) => ({
    countryId: index + 1,
    countryCode,
    name: names.of(countryCode) ?? countryCode,
  })).sort((a, b) => collator.compare(a.name, b.name));
}

/** The English name of a country id, or null for an id outside the list. */
export function countryNameOf(countryId: number): string | null {
  const code = ISO_CODES[countryId - 1];
  return code ? (displayNames('en').of(code) ?? code) : null;
}

/** The ISO code of a country id, or null for an id outside the list. */
export const countryCodeOf = (countryId: number): string | null => ISO_CODES[countryId - 1] ?? null;
