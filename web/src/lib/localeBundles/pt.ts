/** Every namespace of this language the browser uses, in one file: one request at start instead of one each. */
export default import.meta.glob<Record<string, string>>(
  ['../../locales/pt/*.json', '!**/serviceReport.json', '!**/contractReport.json'],
  { eager: true, import: 'default' },
);
