// Realistic documents for the content tests, written as people write them: hard-wrapped plain text with a
// company header and footer on every page, an SOP whose PDF text breaks lines mid-sentence and hyphenates words,
// a policy in Word, a slide deck and a spreadsheet. The text of each is what its extractor gives
// (services/files/extractors.ts) or the file itself where a test builds one (testing/fixtures.ts).
import { extractText, type ExtractKind } from '../../files/extractors.js';

/** What the extraction worker stores for a file: its laid-out text (limits wide enough for any test document). */
export async function storedText(kind: ExtractKind, file: Uint8Array): Promise<string> {
  return (await extractText(kind, file, { maxChars: 200_000, maxUnpackedBytes: 50 * 1024 * 1024 })).text;
}

/** A hand-hygiene procedure saved as plain text from a word processor: wrapped at ~72 columns, header and
 * footer repeated on every page, numbered sections and steps, a table drawn with pipes, a revision table. */
export const HAND_HYGIENE_TXT = `Northbridge Health NHS Trust | Infection Prevention and Control
Hand Hygiene Procedure (IPC-PR-004)                        Version 3.2

HAND HYGIENE PROCEDURE

Document owner: Lead Nurse, Infection Prevention and Control
Approved by: Infection Prevention and Control Committee
Effective date: 1 March 2024

1. Purpose

This procedure describes how and when staff must clean their hands so
that the spread of healthcare-associated infections is reduced. It applies
to all staff, students and volunteers who have contact with patients or
with the patient environment.

2. Definitions

Hand hygiene: a general term for cleaning hands with soap and water or
with alcohol-based hand rub.
Alcohol-based hand rub (ABHR) means a gel or liquid containing at least
70% alcohol that is applied to the hands to reduce the number of
micro-organisms.
Point of care: the place where the patient, the healthcare worker and care
involving patient contact come together.

3. Responsibilities

Ward managers are responsible for making sure that hand rub is available
at every point of care and that monthly hand hygiene audits are carried
out. The Infection Prevention and Control Team is accountable for
training, audit reporting and advice.

4. When to clean your hands

Staff must clean their hands at each of the five moments: before touching
a patient, before a clean or aseptic procedure, after body fluid exposure
risk, after touching a patient and after touching patient surroundings.
Hands must always be washed with soap and water when they are visibly
soiled, after caring for a patient with diarrhoea and before the first use
of each shift. An alcohol-based hand rub must not be used when hands are

Uncontrolled when printed                                      Page 1 of 3
Northbridge Health NHS Trust | Infection Prevention and Control
Hand Hygiene Procedure (IPC-PR-004)                        Version 3.2

visibly soiled. Staff must never wear wrist watches, stoned rings or false
nails in clinical areas.

5. Hand washing technique

Follow these steps when washing hands with soap and water. The whole
procedure should take 40 to 60 seconds.

1. Wet hands with warm running water.
2. Apply enough liquid soap to cover all hand surfaces.
3. Rub hands palm to palm, then rub the back of each hand with the palm
   of the other hand with interlaced fingers.
4. Rub the thumbs and fingertips, paying attention to the areas that are
   most often missed.
5. Rinse hands thoroughly under running water.
6. Dry hands with a single-use paper towel and use the towel to turn off
   the tap.

6. Hand rub technique

Alcohol-based hand rub must be applied for at least 20 seconds and until
the hands are dry. Use enough product to cover all surfaces of both
hands; the usual dose is 3 ml.

7. Skin care

Staff with dermatitis or cracked skin must report it to Occupational
Health within 7 days.

8. Hand hygiene products

Product          | Use                                | Contact time
Liquid soap      | Visibly soiled hands, diarrhoea    | 40 to 60 seconds
Alcohol hand rub | Clean hands at the five moments    | 20 to 30 seconds
Surgical scrub   | Before surgical procedures         | 2 minutes

Uncontrolled when printed                                      Page 2 of 3
Northbridge Health NHS Trust | Infection Prevention and Control
Hand Hygiene Procedure (IPC-PR-004)                        Version 3.2

9. Audit

Hand hygiene compliance is audited monthly on every ward. A ward that
scores below 95% must send an action plan to the Infection Prevention and
Control Team within 14 days, using form IPC-F-021.

Document history

Version | Date       | Author    | Changes
3.1     | 2022-02-01 | J. Patel  | Added the five moments
3.2     | 2024-03-01 | IPC Team  | Hand rub contact time updated

Uncontrolled when printed                                      Page 3 of 3
`;

/** A pharma GMP SOP as its PDF gives it, page by page (one string per line): lines broken mid-sentence, words
 * hyphenated at line ends, a running header and a page number on every page. */
export const GMP_SOP_PDF_PAGES: string[][] = [
  [
    'Helix Biologics GmbH          SOP-QA-031          Page 1 of 2',
    'CLEANING AND INTEGRITY TESTING OF STERILE FILTERS',
    'Document owner: Head of Quality Assurance',
    'Version 4.0',
    '1. Purpose',
    'This SOP describes the cleaning and integrity testing of sterilising-grade',
    'filters used in the filling line. It applies to production and QA staff.',
    '2. Definitions',
    'Bubble point means the lowest pressure at which a continuous stream of',
    'bubbles passes through the wetted filter membrane.',
    'Batch record: the controlled record of all steps of one production batch.',
    '3. Responsibilities',
    'The QA Manager is responsible for the release of every filter after the',
    'integrity test. Production operators are responsible for carrying out the',
    'proce-',
    'dure and recording the results.',
    '4. Requirements',
    'The filter integrity test pressure must not exceed 8.5 bar. Rinse water for',
    'the final rinse must be held at 75 °C for 30 s before use. A failed inte-',
    'grity test must be reported to QA within 24 hours.',
  ],
  [
    'Helix Biologics GmbH          SOP-QA-031          Page 2 of 2',
    'Only the QA Manager may release a filter that has failed a first test.',
    '5. Procedure',
    '1. Flush the filter with purified water for 10 minutes.',
    '2. Wet the membrane completely with the test fluid.',
    '3. Raise the upstream pressure slowly until the bubble point is',
    'reached.',
    '4. Record the bubble point on form QA-F-017 (Filter Integrity Test Record).',
    '5. Release the pressure and drain the filter housing.',
    'Deviations are recorded on form QA-F-022 and reviewed by the QA Manager.',
  ],
];

/** An anti-bribery policy as Word paragraphs (heading styles where the author used them). */
export const ANTI_BRIBERY_DOCX: { text: string; heading?: 1 | 2 }[] = [
  { text: 'Anti-Bribery and Corruption Policy', heading: 1 },
  { text: 'Policy owner: Chief Compliance Officer' },
  { text: 'Version 2.1 – effective 1 January 2025' },
  { text: 'Purpose', heading: 2 },
  {
    text:
      'Meridian Logistics does not tolerate bribery in any form. This policy sets out what employees, ' +
      'agents and contractors must do to comply with the UK Bribery Act 2010.',
  },
  { text: 'Definitions', heading: 2 },
  {
    text:
      'Facilitation payment means a small unofficial payment made to speed up a routine government action, ' +
      'such as customs clearance.',
  },
  { text: 'Public official: any person who holds a legislative, administrative or judicial position.' },
  { text: 'Gifts and hospitality', heading: 2 },
  { text: 'Employees may accept gifts worth up to EUR 50 without approval.' },
  {
    text:
      'Gifts worth more than EUR 50 must be declared in the gift register within 5 working days, using ' +
      'Form HR-12.',
  },
  {
    text: 'Gifts or hospitality worth more than EUR 150 must be approved in advance by the Compliance Officer.',
  },
  { text: 'Employees must never offer or accept cash or cash equivalents, whatever the amount.' },
  { text: 'Facilitation payments are prohibited, even where they are customary.' },
  { text: 'Roles and responsibilities', heading: 2 },
  { text: 'The Compliance Officer is responsible for keeping the gift register and for annual training.' },
  { text: 'Line managers are accountable for the conduct of their teams.' },
  { text: 'Reporting concerns', heading: 2 },
  {
    text:
      'Employees must report any request for a bribe to the Compliance Officer within 24 hours. Reports ' +
      'can be made anonymously through the SpeakUp line.',
  },
];

/** A slide deck (one array of text boxes per slide, the title first). */
export const SEPSIS_SLIDES: string[][] = [
  ['Recognising Sepsis', 'Ward nurse induction 2025'],
  [
    'Screen every deteriorating patient',
    'Use the sepsis screening tool for any patient with a NEWS2 score of 5 or more',
    'Escalate to the doctor within 30 minutes',
  ],
  [
    'Sepsis Six within one hour',
    'Give oxygen to keep saturations above 94%',
    'Take blood cultures before giving antibiotics',
    'Give intravenous antibiotics',
    'Give a fluid bolus of 500 ml',
    'Measure lactate',
    'Monitor urine output hourly',
  ],
];

/** A spreadsheet of process limits (the first row is the header). */
export const HACCP_SHEET: (string | number)[][] = [
  ['Step', 'Hazard', 'Critical limit', 'Monitoring', 'Responsible'],
  [
    'Cooking',
    'Survival of pathogens',
    'Core temperature at least 75 °C for 30 s',
    'Probe every batch',
    'Chef',
  ],
  ['Chilling', 'Growth of spores', 'Below 5 °C within 90 minutes', 'Blast chiller log', 'Kitchen porter'],
  ['Hot holding', 'Growth of pathogens', 'Above 63 °C', 'Check every 2 hours', 'Shift supervisor'],
  ['Cold storage', 'Growth of pathogens', 'At most 8 °C', 'Fridge log twice daily', 'Shift supervisor'],
];

/** The same limits as a spreadsheet's text (rows written "A | B | C"). */
export const HACCP_SHEET_TEXT = HACCP_SHEET.map((r) => r.join(' | ')).join('\n');

/** A long policy (~100,000 characters) for the speed tests: sections of wrapped text with rules and numbers. */
export function longDocument(targetChars = 100_000): string {
  const parts: string[] = [];
  let n = 0;
  while (parts.join('\n').length < targetChars) {
    n++;
    parts.push(
      `${n}. Section ${n}`,
      '',
      `Operators must check valve ${n} at least every ${(n % 12) + 1} hours and record the reading on form`,
      `OPS-F-${String(n).padStart(3, '0')}. The pressure in line ${n} must not exceed ${(n % 9) + 2}.5 bar. Only a`,
      `trained supervisor may reset the alarm after a trip; the reset must be logged within ${n % 20 || 5}`,
      'minutes. Visitors are never allowed in the plant room without an escort.',
      '',
      `1. Isolate line ${n} at the upstream valve.`,
      '2. Vent the pressure to the drain.',
      '3. Replace the filter element and record the change.',
      '',
      `Northwind Chemicals Ltd | Operations Manual        Page ${n} of 400`,
      '',
    );
  }
  return parts.join('\n');
}
