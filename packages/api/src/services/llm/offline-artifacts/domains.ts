// The one vocabulary of the offline artifact builders: for common L&D fields, the steps of good practice,
// true statements and plausible misconceptions, common errors (with consequence and fix), key terms, tools and
// a workplace situation for scenarios. A vocabulary is used only on a confident, scored match of the request's
// topic against what the vocabulary itself says (matchDomain); a topic it does not cover — or covers only in
// part ("insulin overdose" is clinical, but the clinical vocabulary is about falls and hand hygiene) — gets a
// draft instead (draftDomain): the request's own terms with visible "[SME: …]" placeholders where subject
// knowledge is needed, never another topic's content.
import { topicTermsOf } from '../../content/request.js';

export interface ScenarioSeed {
  /** Who the learner meets, and where. */
  character: string;
  place: string;
  /** The opening situation (a sentence, no trailing full stop). */
  situation: string;
  best: string;
  shortcut: string;
  avoid: string;
  /** What happens next on the best path, and the two follow-ups. */
  complication: string;
  goodFollow: string;
  weakFollow: string;
  /** After the shortcut: recover or carry on. */
  recover: string;
  persist: string;
}

export interface DomainError {
  error: string;
  consequence: string;
  fix: string;
}

export interface Domain {
  id: string;
  label: string;
  match: RegExp;
  /** Default audience when the request names none. */
  audience: string;
  setting: string;
  steps: string[];
  /**
   * The steps are one procedure done in this order (a sales call, a code change, a complaint, a feedback
   * conversation): items may ask what comes next or to put them in order. False: good practices that hold in any
   * order (data protection, fire safety), which are asked about as practices, never as a sequence.
   */
  ordered: boolean;
  facts: string[];
  myths: string[];
  errors: DomainError[];
  terms: { term: string; meaning: string }[];
  tools: string[];
  scenario: ScenarioSeed;
  /** Day themes of a multi-day programme (onboarding, induction), in order. */
  days: string[];
}

const DOMAINS: Domain[] = [
  {
    id: 'nursing',
    label: 'patient safety',
    // General ward safety (its content is mostly falls, identity checks and escalation): a specific clinical
    // subject (hand hygiene, sepsis, pressure ulcers, medication) gets the on-topic draft, not falls content.
    match:
      /\b(?:nurs\w*|patients?|wards?|falls?|clinical|hospital|care assistants?|carers?|midwi\w*|care home|healthcare)\b/i,
    audience: 'ward nurses',
    setting: 'a busy medical ward',
    ordered: false,
    steps: [
      'Assess each patient’s risk on admission with the ward’s risk tool',
      'Check the patient’s identity against the wristband before any intervention',
      'Keep the bed at its lowest height with the brakes on and the call bell in reach',
      'Clean your hands before and after every patient contact',
      'Document what you did and what you observed in the care record straight away',
      'Escalate any deterioration or incident to the nurse in charge using SBAR',
    ],
    facts: [
      'Most inpatient falls happen when patients get up unassisted to use the toilet',
      'Hand hygiene at the five key moments is the most effective way to prevent cross-infection',
      'Risk assessments must be repeated after any change in the patient’s condition',
      'An incident report is needed even when a fall causes no visible injury',
      'Structured handovers such as SBAR reduce information lost between shifts',
      'Confused patients and patients on sedatives are at higher risk of falling',
    ],
    myths: [
      'Raising both bed rails always prevents falls in confused patients',
      'Gloves replace the need to clean your hands',
      'A risk assessment done on admission stays valid for the whole stay',
      'If a patient who fell looks unhurt, no report or review is needed',
      'Only the doctor needs to know when a patient’s observations change',
      'Night shifts are too busy for intentional rounding, so it can be skipped',
    ],
    errors: [
      {
        error: 'Leaving the call bell out of the patient’s reach',
        consequence: 'the patient tries to get up alone and falls',
        fix: 'Check the call bell is within reach before leaving the bedside',
      },
      {
        error: 'Skipping hand hygiene between two patients in the same bay',
        consequence: 'organisms spread from one patient to the next',
        fix: 'Clean your hands at every one of the five moments, even when rushed',
      },
      {
        error: 'Not repeating the risk assessment after a change in condition',
        consequence: 'new risks such as sedation or confusion go unmanaged',
        fix: 'Reassess after any change in condition, medication or ward move',
      },
      {
        error: 'Documenting care at the end of the shift from memory',
        consequence: 'details are lost and the next shift acts on an incomplete record',
        fix: 'Record observations and actions as soon as they happen',
      },
      {
        error: 'Handing over without a structured format',
        consequence: 'key risks are not passed on to the next nurse',
        fix: 'Use SBAR for every handover and escalation',
      },
    ],
    terms: [
      {
        term: 'SBAR',
        meaning: 'Situation, Background, Assessment, Recommendation: a structure for handover',
      },
      { term: 'Intentional rounding', meaning: 'Scheduled checks of each patient’s needs at set intervals' },
      { term: 'Five moments', meaning: 'The points in care when hand hygiene is required' },
      {
        term: 'Datix / incident report',
        meaning: 'The record of any event that harmed or could have harmed a patient',
      },
      { term: 'NEWS2', meaning: 'An early warning score built from routine observations' },
    ],
    tools: ['falls risk assessment tool', 'SBAR handover sheet', 'NEWS2 chart', 'bedside safety checklist'],
    scenario: {
      character: 'Mrs Evans, 82, admitted with a chest infection and mild confusion',
      place: 'bay 3 of the medical ward, 2 a.m.',
      situation:
        'Mrs Evans is sitting on the edge of her bed, reaching for her walking frame, which is out of reach',
      best: 'Go to her straight away, reassure her and offer help to the toilet',
      shortcut: 'Call across the bay that you will be with her in a minute and finish your drug round',
      avoid: 'Raise both bed rails so she cannot get out',
      complication: 'On the way back she says she feels dizzy and her pulse is fast',
      goodFollow: 'Sit her down safely, take a full set of observations and escalate using SBAR',
      weakFollow: 'Help her back to bed and plan to mention it at handover',
      recover: 'Stop the round, go to her and put the frame and call bell in reach',
      persist: 'Carry on with the round and check on her afterwards',
    },
    days: [
      'Welcome, ward tour and safety essentials',
      'Patient assessment and risk tools',
      'Medication safety and the drug round',
      'Infection prevention and hand hygiene',
      'Handover, documentation and escalation',
      'Supervised practice on the ward',
      'Deteriorating patient and emergency response',
      'Supervised shifts with a preceptor',
      'Independent practice with review',
      'Competency sign-off and next steps',
    ],
  },
  {
    id: 'data-protection',
    label: 'data protection',
    match:
      /\b(?:gdpr|data protection|personal data|privacy|data breach(?:es)?|subject access|dsar|information security|confidential\w*|records management)\b/i,
    audience: 'employees who handle personal data',
    setting: 'a customer operations team',
    ordered: false,
    steps: [
      'Check there is a lawful basis before you collect or use personal data',
      'Collect only the personal data you need for the stated purpose',
      'Store personal data only in approved, access-controlled systems',
      'Verify the recipient before you send personal data to anyone',
      'Report a suspected data breach to the data protection lead immediately',
      'Delete or anonymise personal data when the retention period ends',
    ],
    facts: [
      'A personal data breach that risks people’s rights must be reported to the regulator within 72 hours',
      'People can ask for a copy of the personal data an organisation holds about them',
      'Consent is only one of six lawful bases for processing personal data',
      'Health data is special category data and needs extra protection',
      'Sending an email to the wrong recipient can be a reportable data breach',
      'Personal data should be kept no longer than its purpose needs',
    ],
    myths: [
      'GDPR only applies to data stored electronically, not on paper',
      'You always need consent before processing any personal data',
      'A breach only needs reporting if data was stolen by a hacker',
      'Business contact details are never personal data',
      'Deleting the email you sent to the wrong person fixes the breach',
      'Data can be kept indefinitely in case it is useful later',
    ],
    errors: [
      {
        error: 'Sending a spreadsheet of customer data to the wrong email address',
        consequence: 'a reportable breach and loss of customer trust',
        fix: 'Check the recipient and password-protect files before sending',
      },
      {
        error: 'Keeping personal data in personal drives or unapproved apps',
        consequence: 'the data is outside access controls and retention rules',
        fix: 'Store personal data only in approved systems',
      },
      {
        error: 'Waiting to report a suspected breach until you are sure',
        consequence: 'the 72-hour deadline is missed',
        fix: 'Report suspicions straight away; the data protection lead assesses them',
      },
      {
        error: 'Collecting extra personal details “just in case”',
        consequence: 'breaks data minimisation and widens the impact of any breach',
        fix: 'Collect only what the purpose needs',
      },
      {
        error: 'Ignoring a subject access request sent to a general inbox',
        consequence: 'the one-month response deadline is missed',
        fix: 'Forward any request for personal data to the privacy team on the day it arrives',
      },
    ],
    terms: [
      {
        term: 'Data controller',
        meaning: 'The organisation that decides why and how personal data is processed',
      },
      { term: 'Lawful basis', meaning: 'The legal reason that allows personal data to be processed' },
      { term: 'Data minimisation', meaning: 'Collecting only the personal data needed for the purpose' },
      { term: 'Subject access request', meaning: 'A person’s request for a copy of their personal data' },
      { term: 'Special category data', meaning: 'Sensitive data such as health, religion or ethnicity' },
    ],
    tools: [
      'data breach report form',
      'records retention schedule',
      'privacy notice',
      'secure file transfer',
    ],
    scenario: {
      character: 'Sam, a colleague in customer operations',
      place: 'the team’s shared inbox on a Friday afternoon',
      situation:
        'Sam realises a spreadsheet with 400 customers’ addresses went to an external supplier by mistake',
      best: 'Tell Sam to report it to the data protection lead now, with what was sent and to whom',
      shortcut: 'Ask the supplier to delete the email and leave it at that',
      avoid: 'Agree to say nothing because it was an honest mistake',
      complication: 'The data protection lead asks whether the file contained any health information',
      goodFollow: 'Check the file together, list exactly which fields were included and send the details',
      weakFollow: 'Say you think it was only addresses and leave the lead to find out',
      recover: 'Report it anyway, explaining that the supplier was asked to delete it',
      persist: 'Wait to see whether the supplier confirms deletion before telling anyone',
    },
    days: [
      'Welcome and data protection essentials',
      'Lawful bases and privacy notices',
      'Handling requests from individuals',
      'Security, sharing and breaches',
      'Retention, review and sign-off',
    ],
  },
  {
    id: 'compliance',
    label: 'anti-bribery and compliance',
    match:
      /\b(?:brib\w*|corruption|compliance|code of conduct|conflicts? of interest|gifts? and hospitality|whistleblow\w*|speak(?:ing)? up|fraud|money laundering|aml|sanctions|ethics|expenses policy|harass\w*)\b/i,
    audience: 'employees and managers',
    setting: 'a sales office dealing with public and private clients',
    ordered: false,
    steps: [
      'Check the gifts and hospitality policy before offering or accepting anything of value',
      'Record every gift or hospitality item above the threshold in the register',
      'Declare any personal interest that could affect a business decision',
      'Carry out due diligence before engaging a new third party or agent',
      'Refuse any request for a facilitation payment and report it',
      'Raise concerns through the speak-up channel without delay',
    ],
    facts: [
      'Offering a bribe is an offence even if the bribe is refused',
      'Facilitation payments are bribes under most anti-bribery laws',
      'An organisation can be liable for bribes paid by its agents',
      'Gifts to public officials carry a higher risk than gifts to private clients',
      'Declaring a conflict of interest protects both you and the organisation',
      'Speak-up reports can be made anonymously and retaliation is prohibited',
    ],
    myths: [
      'Small cash gifts are fine if they are customary in the country',
      'Bribery only counts if money changes hands',
      'If an agent pays a bribe, the company is not responsible',
      'A conflict of interest only matters if you actually benefit',
      'Hospitality is never a risk if it happens outside working hours',
      'You should investigate a suspicion yourself before reporting it',
    ],
    errors: [
      {
        error: 'Accepting an expensive gift from a supplier during a tender',
        consequence: 'the decision looks bought and the tender can be challenged',
        fix: 'Decline politely during tenders and record the offer',
      },
      {
        error: 'Paying a small fee to a customs official to speed up clearance',
        consequence: 'a facilitation payment: a criminal offence for you and the company',
        fix: 'Refuse, keep the goods waiting if needed and report the request',
      },
      {
        error: 'Hiring an agent without due diligence',
        consequence: 'the company is liable for bribes the agent pays',
        fix: 'Complete due diligence and include anti-bribery clauses',
      },
      {
        error: 'Not declaring a relative who works for a bidder',
        consequence: 'an undeclared conflict of interest that taints the decision',
        fix: 'Declare the interest and step out of the decision',
      },
      {
        error: 'Keeping a concern to yourself for fear of being wrong',
        consequence: 'the problem grows and the company loses the chance to act early',
        fix: 'Raise it through the speak-up channel; you only need a reasonable concern',
      },
    ],
    terms: [
      {
        term: 'Facilitation payment',
        meaning: 'A small unofficial payment to speed up a routine government action',
      },
      { term: 'Due diligence', meaning: 'Checks on a third party’s integrity before working with them' },
      {
        term: 'Conflict of interest',
        meaning: 'A personal interest that could influence a business decision',
      },
      { term: 'Gifts register', meaning: 'The record of gifts and hospitality given or received' },
      { term: 'Speak-up channel', meaning: 'The confidential route for raising concerns' },
    ],
    tools: [
      'gifts and hospitality register',
      'third-party due diligence form',
      'speak-up hotline',
      'policy quick guide',
    ],
    scenario: {
      character: 'Mr Duarte, a procurement manager at a public hospital you are bidding to supply',
      place: 'a client lunch the week before the tender closes',
      situation:
        'Mr Duarte hints that a weekend at your company’s hotel partner would “help him remember your bid”',
      best: 'Decline clearly, explain your policy and record the conversation',
      shortcut: 'Change the subject and hope he does not raise it again',
      avoid: 'Offer the weekend; it is only hospitality',
      complication:
        'Your sales director says the contract is vital this quarter and asks you to “be flexible”',
      goodFollow: 'Restate the policy and report the request through the speak-up channel',
      weakFollow: 'Tell the director you will think about it',
      recover: 'Report the hint to compliance the same day',
      persist: 'Say nothing unless he asks again',
    },
    days: [
      'Welcome and the code of conduct',
      'Bribery, gifts and hospitality',
      'Conflicts and third parties',
      'Speaking up and sign-off',
    ],
  },
  {
    id: 'sales',
    label: 'sales',
    match:
      /\b(?:sales|selling|prospect\w*|pipeline|objections?|negotiat\w*|account (?:executives?|managers?)|discovery calls?|closing|quota|crm|upsell\w*|pricing)\b/i,
    audience: 'account executives',
    setting: 'a B2B sales team',
    ordered: true,
    steps: [
      'Research the account and the buyer’s role before the first call',
      'Open discovery with open questions about the buyer’s goals and problems',
      'Confirm the decision process, budget and timeline before proposing',
      'Link each part of your proposal to a need the buyer stated',
      'Handle objections by clarifying, then answering with evidence',
      'Agree a concrete next step with a date before ending every call',
    ],
    facts: [
      'Buyers share more when discovery questions are open rather than closed',
      'An objection is often a request for more information, not a refusal',
      'Deals without a confirmed decision process stall more often',
      'Summarising the buyer’s needs back to them builds trust and catches misunderstandings',
      'A discount offered before value is established lowers the price anchor',
      'A dated next step makes pipeline forecasts more reliable',
    ],
    myths: [
      'The best reps talk more than the buyer in discovery',
      'Dropping the price is the quickest way to handle any objection',
      'A buyer who asks for a proposal is ready to sign',
      'Following up more than once annoys buyers, so one email is enough',
      'You can skip discovery with an existing customer',
      'Pipeline stages can be updated at the end of the quarter',
    ],
    errors: [
      {
        error: 'Pitching features before understanding the buyer’s problem',
        consequence: 'the buyer disengages because nothing seems relevant',
        fix: 'Ask at least three open discovery questions before presenting',
      },
      {
        error: 'Offering a discount at the first price objection',
        consequence: 'margin is lost and the buyer pushes for more',
        fix: 'Clarify the objection and restate the value first',
      },
      {
        error: 'Ending a call without an agreed next step',
        consequence: 'the deal stalls and the forecast is wrong',
        fix: 'Agree a dated next step before you hang up',
      },
      {
        error: 'Not identifying everyone involved in the decision',
        consequence: 'an unseen stakeholder blocks the deal late',
        fix: 'Map the decision process and meet each stakeholder',
      },
      {
        error: 'Leaving CRM records out of date',
        consequence: 'managers coach on the wrong deals and forecasts miss',
        fix: 'Update the CRM after every customer interaction',
      },
    ],
    terms: [
      { term: 'Discovery', meaning: 'Questioning to understand the buyer’s goals, problems and process' },
      { term: 'Objection', meaning: 'A concern the buyer raises that stands between them and a decision' },
      { term: 'Champion', meaning: 'A person inside the account who actively supports your solution' },
      { term: 'Pipeline', meaning: 'The set of open opportunities and their stages' },
      { term: 'Value proposition', meaning: 'The outcome your solution delivers for this buyer' },
    ],
    tools: ['CRM', 'discovery question guide', 'objection handling cards', 'call recording review'],
    scenario: {
      character: 'Priya, head of operations at a logistics firm',
      place: 'a video call halfway through the sales cycle',
      situation:
        'Priya says your solution is 20% more expensive than a competitor’s and she needs an answer today',
      best: 'Ask what is driving the comparison and which outcomes matter most to her',
      shortcut: 'Offer a 10% discount to keep the deal moving',
      avoid: 'Tell her the competitor’s product is poor',
      complication: 'Priya explains that downtime last year cost them far more than the price gap',
      goodFollow: 'Quantify the downtime savings with her and agree a review with her finance lead',
      weakFollow: 'Send her the standard brochure about reliability',
      recover: 'Withdraw the discount and return to her priorities before pricing',
      persist: 'Add a further discount when she hesitates',
    },
    days: [
      'Welcome, market and customers',
      'Products and value propositions',
      'Discovery skills',
      'CRM and pipeline discipline',
      'Objection handling practice',
      'Shadowing live calls',
      'Proposals and negotiation',
      'Running your own calls with coaching',
      'Pipeline review',
      'Certification and 30-day plan',
    ],
  },
  {
    id: 'software',
    label: 'software engineering',
    match:
      /\b(?:software|engineers?|developers?|devs|code ?base|coding|git|pull requests?|code reviews?|deploy\w*|ci\/cd|api|microservices?|sql|kubernetes|on-?call|incident|secure coding|owasp|sql injection|testing|devops)\b/i,
    audience: 'new software engineers',
    setting: 'a product engineering team',
    ordered: true,
    steps: [
      'Set up the development environment from the README and run the test suite',
      'Create a short-lived branch for each change',
      'Write or update tests alongside every change',
      'Open a small pull request with a clear description and ask for review',
      'Address review comments and wait for the CI checks to pass before merging',
      'Monitor the deployment and roll back if error rates rise',
    ],
    facts: [
      'Small pull requests are reviewed faster and catch more defects',
      'Parameterised queries prevent SQL injection',
      'A failing CI check should block a merge until it is understood',
      'Feature flags let you deploy code without releasing it to users',
      'Blameless post-incident reviews focus on systems, not individuals',
      'Secrets must never be committed to the repository',
    ],
    myths: [
      'Tests can be added after the feature ships',
      'Escaping quotes by hand is as safe as parameterised queries',
      'A large pull request saves reviewers time',
      'It is fine to merge if CI failed on a “flaky” test you did not investigate',
      'Deleting a committed secret in a later commit removes it from history',
      'On-call incidents are the on-call engineer’s problem alone',
    ],
    errors: [
      {
        error: 'Building SQL queries by concatenating user input',
        consequence: 'SQL injection exposes or destroys data',
        fix: 'Use parameterised queries or the ORM’s query builder',
      },
      {
        error: 'Opening a 2,000-line pull request',
        consequence: 'reviewers skim it and defects reach production',
        fix: 'Split the change into small, reviewable pull requests',
      },
      {
        error: 'Committing an API key to the repository',
        consequence: 'the key is exposed in the history and must be rotated',
        fix: 'Use the secrets manager and pre-commit secret scanning',
      },
      {
        error: 'Merging with a red CI pipeline',
        consequence: 'a broken build blocks the whole team',
        fix: 'Fix or understand every failure before merging',
      },
      {
        error: 'Deploying on Friday evening without monitoring',
        consequence: 'an outage runs unnoticed over the weekend',
        fix: 'Deploy when you can watch the dashboards and roll back',
      },
    ],
    terms: [
      { term: 'Pull request', meaning: 'A proposed change submitted for review before merging' },
      { term: 'CI pipeline', meaning: 'Automated build and tests run on every change' },
      { term: 'Feature flag', meaning: 'A switch that turns a feature on or off without a deploy' },
      { term: 'Rollback', meaning: 'Returning production to the previous working version' },
      {
        term: 'Post-incident review',
        meaning: 'A blameless analysis of what caused an incident and how to prevent it',
      },
    ],
    tools: ['Git and the team’s repository', 'CI pipeline', 'issue tracker', 'observability dashboards'],
    scenario: {
      character: 'Alex, a senior engineer reviewing your first pull request',
      place: 'the team channel, an hour before the release cut-off',
      situation: 'A test you did not touch is failing in CI and the release cut-off is in an hour',
      best: 'Investigate the failure and tell the team what you find',
      shortcut: 'Re-run the pipeline until it passes',
      avoid: 'Disable the failing test and merge',
      complication: 'You find your change altered a shared date helper that the failing test relies on',
      goodFollow: 'Fix the helper, add a test for your case and ask Alex to re-review',
      weakFollow: 'Revert your change quietly and merge the rest',
      recover: 'Stop re-running, read the failure log and ask for help',
      persist: 'Keep re-running until it goes green',
    },
    days: [
      'Welcome, laptop, accounts and team rituals',
      'Codebase tour and architecture overview',
      'Development workflow: branches, reviews and CI',
      'First small ticket with a buddy',
      'Testing strategy and quality',
      'Services, data and APIs',
      'Observability, on-call and incidents',
      'Pairing on a feature',
      'Ship your first change to production',
      'Review, feedback and 30-day goals',
    ],
  },
  {
    id: 'warehouse',
    label: 'warehouse safety',
    match:
      /\b(?:warehouse\w*|forklifts?|lift trucks?|pallets?|manual handling|lifting|loading docks?|picking|packing|logistics|distribution cent(?:re|er)|fire safety|fire drill|evacuation|ppe|lockout|tagout|health and safety|h&s|hazards?)\b/i,
    audience: 'warehouse operatives',
    setting: 'a distribution centre',
    ordered: false,
    steps: [
      'Carry out the pre-use check and report any defect before operating equipment',
      'Wear the required PPE for the task and area',
      'Keep to marked pedestrian and vehicle routes at all times',
      'Assess the load and plan the lift before moving anything',
      'Keep fire exits, extinguishers and walkways clear',
      'Report every near miss and hazard through the reporting app',
    ],
    facts: [
      'A forklift with a defect found at the pre-use check must not be used until it is repaired',
      'Most manual handling injuries come from twisting or lifting from the floor',
      'Pedestrians and vehicles must be separated wherever possible',
      'Reporting near misses helps prevent serious accidents',
      'Fire exits must stay unobstructed at all times',
      'Loads should be carried with the forks low and tilted back',
    ],
    myths: [
      'Pre-use checks can be skipped if the truck was fine yesterday',
      'Near misses do not need reporting if nobody was hurt',
      'Experienced drivers can carry a passenger on the forks',
      'A quick lift is safe even if you twist your back',
      'Fire doors can be propped open during busy periods',
      'PPE is only needed when a supervisor is on the floor',
    ],
    errors: [
      {
        error: 'Skipping the forklift pre-use check at the start of a shift',
        consequence: 'a faulty truck is used and fails under load',
        fix: 'Complete the checklist before every shift and tag out defective trucks',
      },
      {
        error: 'Travelling with a raised load',
        consequence: 'the truck becomes unstable and can tip over',
        fix: 'Travel with forks low and the mast tilted back',
      },
      {
        error: 'Walking outside the marked pedestrian routes',
        consequence: 'collision with a moving vehicle',
        fix: 'Use pedestrian routes and make eye contact with drivers',
      },
      {
        error: 'Stacking pallets in front of a fire exit',
        consequence: 'people cannot escape in an emergency',
        fix: 'Keep exits and walkways clear and report obstructions',
      },
      {
        error: 'Not reporting a near miss',
        consequence: 'the hazard stays and the next incident causes injury',
        fix: 'Report every near miss on the same shift',
      },
    ],
    terms: [
      { term: 'Pre-use check', meaning: 'The inspection of equipment before it is used each shift' },
      { term: 'Near miss', meaning: 'An event that could have caused harm but did not' },
      { term: 'Load centre', meaning: 'The distance from the fork face to the load’s centre of gravity' },
      { term: 'Exclusion zone', meaning: 'An area pedestrians must not enter while vehicles operate' },
      { term: 'Tag out', meaning: 'Labelling equipment as unsafe so nobody uses it' },
    ],
    tools: ['pre-use checklist', 'near-miss reporting app', 'site safety map', 'toolbox talk cards'],
    scenario: {
      character: 'Jordan, a new operative on their second week',
      place: 'aisle 12 at the start of the night shift',
      situation:
        'During the pre-use check you notice a small hydraulic leak under the forklift you are due to use',
      best: 'Tag the truck out of use and report the defect to your supervisor',
      shortcut: 'Use the truck for light loads only until the end of the shift',
      avoid: 'Wipe the floor and carry on as normal',
      complication:
        'Your supervisor says there is no spare truck and a trailer must be unloaded within the hour',
      goodFollow:
        'Agree a safe alternative such as a pallet truck or help from another team, and log the defect',
      weakFollow: 'Offer to use the leaking truck carefully just this once',
      recover: 'Stop, park the truck safely and report it',
      persist: 'Keep working and mention the leak at the end of the shift',
    },
    days: [
      'Welcome, site tour and safety induction',
      'Manual handling and PPE',
      'Equipment and pre-use checks',
      'Picking and packing procedures',
      'Supervised practice on the floor',
      'Emergency procedures and fire safety',
      'Buddy shifts',
      'Quality and accuracy',
      'Independent work with review',
      'Assessment and sign-off',
    ],
  },
  {
    id: 'customer-service',
    label: 'customer service',
    match:
      /\b(?:customer service|customers?|complaints?|call cent(?:re|er)|contact cent(?:re|er)|support agents?|helpdesk|service desk|refunds?|angry|de-?escalat\w*|callers?|tickets?)\b/i,
    audience: 'customer service agents',
    setting: 'a contact centre',
    ordered: true,
    steps: [
      'Greet the customer and confirm who you are speaking to',
      'Listen to the whole issue without interrupting and take notes',
      'Acknowledge the customer’s feelings and restate the problem',
      'Check the account and policy before offering a solution',
      'Agree a solution and a time frame the customer accepts',
      'Record the outcome and follow up when you said you would',
    ],
    facts: [
      'Acknowledging feelings before solving calms most upset customers',
      'Resolving an issue on first contact raises satisfaction the most',
      'Customers remember broken promises more than the original problem',
      'Restating the problem confirms you have understood it',
      'Escalating early is better than promising something you cannot deliver',
      'Accurate case notes stop customers having to repeat themselves',
    ],
    myths: [
      'Saying “calm down” helps an angry customer',
      'You should always offer compensation to end a complaint quickly',
      'Escalating a call means you failed',
      'Case notes can be written at the end of the day',
      'Policy should be quoted word for word to settle a dispute',
      'Putting a customer on hold without explanation saves time',
    ],
    errors: [
      {
        error: 'Interrupting the customer to jump to a solution',
        consequence: 'the real issue is missed and the customer feels unheard',
        fix: 'Let the customer finish, then restate the problem',
      },
      {
        error: 'Promising a call-back time you cannot keep',
        consequence: 'a second complaint about the broken promise',
        fix: 'Give a realistic time frame and keep it',
      },
      {
        error: 'Quoting policy without explaining options',
        consequence: 'the customer feels dismissed and escalates',
        fix: 'Explain what you can do within the policy',
      },
      {
        error: 'Leaving vague case notes',
        consequence: 'the next agent asks the customer to repeat everything',
        fix: 'Write what was asked, what was agreed and the next step',
      },
      {
        error: 'Taking an angry customer’s words personally',
        consequence: 'the agent’s tone hardens and the call escalates',
        fix: 'Focus on the issue and use calm, neutral language',
      },
    ],
    terms: [
      { term: 'First contact resolution', meaning: 'Solving the issue in the customer’s first contact' },
      { term: 'De-escalation', meaning: 'Calming a tense interaction so the issue can be solved' },
      { term: 'Empathy statement', meaning: 'A phrase that acknowledges how the customer feels' },
      { term: 'Escalation', meaning: 'Passing the case to someone with more authority or expertise' },
      { term: 'Service level', meaning: 'The agreed time within which customers are answered or helped' },
    ],
    tools: ['CRM case notes', 'call scripts and empathy phrases', 'knowledge base', 'escalation matrix'],
    scenario: {
      character: 'Mr Okafor, a long-standing customer',
      place: 'a phone call on a busy Monday morning',
      situation:
        'Mr Okafor has been charged twice for his order and says this is the third time he has called',
      best: 'Apologise, acknowledge his frustration and check the account while he is on the line',
      shortcut: 'Read out the refund policy and tell him it takes 10 working days',
      avoid: 'Ask him to call back later when the billing team is in',
      complication: 'The account shows the duplicate charge, but refunds over £100 need a supervisor',
      goodFollow:
        'Explain the step, get the supervisor’s approval while he holds and confirm the refund by email',
      weakFollow: 'Raise a ticket for the supervisor and tell him someone will be in touch',
      recover: 'Apologise for the confusion and go through his account with him',
      persist: 'Repeat the policy more firmly when he objects',
    },
    days: [
      'Welcome, products and customers',
      'Systems and the knowledge base',
      'Listening and questioning skills',
      'Handling complaints and de-escalation',
      'Call listening and shadowing',
      'Taking calls with a buddy',
      'Policies, refunds and escalation',
      'Independent calls with coaching',
      'Quality review',
      'Assessment and sign-off',
    ],
  },
  {
    id: 'leadership',
    label: 'leadership',
    match:
      /\b(?:leaders?(?:hip)?|managers?|management|feedback|coaching|delegat\w*|one-to-ones?|1:1s?|performance reviews?|difficult conversations?|team leads?|supervisors?|motivat\w*|appraisals?)\b/i,
    audience: 'first-line managers',
    setting: 'a team of eight in a growing business',
    ordered: true,
    steps: [
      'Prepare for the conversation with specific, observed examples',
      'Open by stating the purpose and asking for the other person’s view',
      'Describe the behaviour and its impact without judging the person',
      'Ask open questions and listen before proposing solutions',
      'Agree clear actions, owners and a date to review',
      'Follow up on the agreed date and recognise progress',
    ],
    facts: [
      'Feedback about specific behaviour is easier to act on than feedback about personality',
      'Regular one-to-ones surface problems earlier than annual reviews',
      'Delegating the outcome, not just the task, builds ownership',
      'Coaching questions help people find solutions they are more likely to own',
      'Recognition is most effective when it is timely and specific',
      'Agreeing a review date makes follow-through more likely',
    ],
    myths: [
      'Good managers save feedback for the annual review',
      'Delegating means you stop being accountable',
      'Praise in public and criticism by email is the best approach',
      'Coaching means telling people what to do',
      'A “feedback sandwich” always softens difficult messages',
      'High performers do not need one-to-ones',
    ],
    errors: [
      {
        error: 'Giving vague feedback such as “be more proactive”',
        consequence: 'the person does not know what to change',
        fix: 'Name the specific behaviour, its impact and the change you want',
      },
      {
        error: 'Delegating a task without the authority to complete it',
        consequence: 'the work stalls and the person loses confidence',
        fix: 'Agree the outcome, the authority and the check-in points',
      },
      {
        error: 'Cancelling one-to-ones when busy',
        consequence: 'issues build up and trust drops',
        fix: 'Keep one-to-ones and shorten them rather than cancel',
      },
      {
        error: 'Solving the problem for the team member',
        consequence: 'they stay dependent and do not build skill',
        fix: 'Ask coaching questions before offering your view',
      },
      {
        error: 'Not following up on agreed actions',
        consequence: 'agreements lose credibility',
        fix: 'Diary the review date and open with progress',
      },
    ],
    terms: [
      { term: 'SBI model', meaning: 'Situation, Behaviour, Impact: a structure for feedback' },
      { term: 'GROW model', meaning: 'Goal, Reality, Options, Will: a coaching conversation structure' },
      { term: 'Delegation', meaning: 'Giving someone responsibility and authority for an outcome' },
      { term: 'Psychological safety', meaning: 'A shared belief that it is safe to speak up and take risks' },
      { term: 'One-to-one', meaning: 'A regular private meeting between a manager and a team member' },
    ],
    tools: ['one-to-one template', 'SBI feedback planner', 'GROW coaching card', 'delegation checklist'],
    scenario: {
      character: 'Chris, a capable team member whose deadlines have slipped for a month',
      place: 'your weekly one-to-one',
      situation:
        'Chris arrives late to your one-to-one and says the project is “nearly done” for the third week running',
      best: 'Describe the missed deadlines and their impact, then ask Chris what is getting in the way',
      shortcut: 'Tell Chris you will take the project over yourself',
      avoid: 'Let it go and raise it at the annual review',
      complication: 'Chris says they have been covering for an absent colleague and feel overwhelmed',
      goodFollow: 'Reprioritise the work together, agree what to drop and set a check-in date',
      weakFollow: 'Thank Chris for sharing and ask them to try harder',
      recover: 'Pause, explain your concern and ask for Chris’s view',
      persist: 'Take the work and say nothing about the pattern',
    },
    days: [
      'Welcome and the manager’s role',
      'One-to-ones and feedback',
      'Coaching conversations',
      'Delegation and priorities',
      'Difficult conversations practice',
      'Performance and development',
      'Leading change',
      'Wellbeing and psychological safety',
      'Action learning set',
      'Review and personal leadership plan',
    ],
  },
  {
    id: 'cyber',
    label: 'cyber security',
    match:
      /\b(?:cyber\s?security|phishing|passwords?|malware|ransomware|social engineering|mfa|multi-factor|security awareness)\b/i,
    audience: 'all staff',
    setting: 'a hybrid office',
    ordered: false,
    steps: [
      'Check the sender’s address and links before acting on any email',
      'Report suspicious messages with the report-phishing button',
      'Use a password manager and a unique passphrase for every account',
      'Approve only the multi-factor prompts you started yourself',
      'Lock your screen whenever you leave your device',
      'Install updates when prompted',
    ],
    facts: [
      'Most breaches start with a phishing email or stolen password',
      'An unexpected multi-factor prompt may mean someone has your password',
      'Long passphrases are harder to crack than short complex passwords',
      'Reporting a phishing email quickly protects colleagues who received it too',
      'Urgency and secrecy are common signs of social engineering',
      'Software updates often fix vulnerabilities that attackers exploit',
    ],
    myths: [
      'Only IT staff are targeted by attackers',
      'A padlock in the browser means a site is safe',
      'Reusing a strong password across sites is fine',
      'If you clicked a phishing link, it is better not to tell anyone',
      'Antivirus makes it safe to open any attachment',
      'Approving a multi-factor prompt you did not start is harmless',
    ],
    errors: [
      {
        error: 'Clicking a link in an urgent email from “the CEO”',
        consequence: 'credentials are stolen or malware is installed',
        fix: 'Verify unusual requests through a known channel',
      },
      {
        error: 'Reusing a password across work and personal accounts',
        consequence: 'one breach opens every account',
        fix: 'Use a password manager and unique passphrases',
      },
      {
        error: 'Approving a multi-factor prompt you did not expect',
        consequence: 'an attacker gets into your account',
        fix: 'Deny it and report it to IT security straight away',
      },
      {
        error: 'Not reporting a click on a suspicious link',
        consequence: 'the attack spreads before IT can contain it',
        fix: 'Report immediately; fast reporting limits damage',
      },
      {
        error: 'Leaving a laptop unlocked in a public space',
        consequence: 'data is seen or the device is misused',
        fix: 'Lock the screen every time you step away',
      },
    ],
    terms: [
      { term: 'Phishing', meaning: 'A deceptive message designed to make you click, pay or share data' },
      {
        term: 'Multi-factor authentication',
        meaning: 'Proving your identity with a second factor besides a password',
      },
      { term: 'Social engineering', meaning: 'Manipulating people into breaking security' },
      { term: 'Ransomware', meaning: 'Malware that locks data until a ransom is paid' },
      { term: 'Passphrase', meaning: 'A long password made of several words' },
    ],
    tools: ['report-phishing button', 'password manager', 'security quick guide', 'phishing simulation'],
    scenario: {
      character: 'an email that appears to come from your finance director',
      place: 'your inbox at 4:45 p.m. on a Friday',
      situation:
        'An email “from the finance director” asks you to pay an urgent supplier invoice today and keep it confidential',
      best: 'Call the finance director on a known number to check the request',
      shortcut: 'Reply to the email asking whether it is genuine',
      avoid: 'Pay the invoice because it looks urgent',
      complication: 'The finance director says she sent nothing, and two colleagues got the same email',
      goodFollow: 'Report the email with the phishing button and tell IT security who else received it',
      weakFollow: 'Delete the email and get on with your day',
      recover: 'Stop, report the email and confirm by phone',
      persist: 'Wait for the reply before doing anything',
    },
    days: [
      'Welcome and security essentials',
      'Phishing and social engineering',
      'Passwords and MFA',
      'Safe working and reporting',
    ],
  },
];

// ------------------------------------------------------------------------------------------ scored match

const STOP = new Set(
  'the a an and or of to in on at by for with from into is are was be been it its this that these those their your our you they them he she his her not no but as if when than then so can may must should will would one two three all any each every more most other some such only own same very just also how what which who whom why where there here about after before over under up down out off again further once'.split(
    ' ',
  ),
);

/** A word's stem for matching: lower case, a plural "s" dropped, its first six letters. */
export function stemOf(word: string): string {
  let w = word.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (w.length > 4) w = w.replace(/(?:ies|es|s)$/, '');
  return w.slice(0, 6);
}

function textsOf(d: Domain): string[] {
  const s = d.scenario;
  return [
    d.label,
    ...d.steps,
    ...d.facts,
    ...d.myths,
    ...d.errors.flatMap((e) => [e.error, e.consequence, e.fix]),
    ...d.terms.flatMap((t) => [t.term, t.meaning]),
    ...d.tools,
    s.situation,
    s.best,
    s.shortcut,
    s.avoid,
    s.complication,
    s.goodFollow,
    s.weakFollow,
  ];
}

const stemsOf = (texts: string[]) =>
  new Set(
    texts
      .join(' ')
      .split(/[^A-Za-z0-9]+/)
      .filter((w) => w.length >= 3 && !STOP.has(w.toLowerCase()))
      .map(stemOf),
  );

/**
 * What each vocabulary is evidence for: the stems of the words it actually uses, less the words three or more
 * vocabularies share ("check", "record", "team": they say nothing about a field, and are left out of a topic's
 * terms too).
 */
const { EVIDENCE, SHARED } = (() => {
  const per = DOMAINS.map((d) => [d, stemsOf(textsOf(d))] as const);
  const df = new Map<string, number>();
  for (const [, stems] of per) for (const st of stems) df.set(st, (df.get(st) ?? 0) + 1);
  const shared = new Set([...df].filter(([, n]) => n >= 3).map(([st]) => st));
  return {
    EVIDENCE: new Map(per.map(([d, stems]) => [d, new Set([...stems].filter((st) => !shared.has(st)))])),
    SHARED: shared,
  };
})();

export interface DomainMatch {
  domain: Domain;
  /** Share of the topic's terms the vocabulary covers, 0…1. */
  score: number;
  /** The topic terms it covers. */
  matched: string[];
}

/** The share of a topic's terms a vocabulary must cover to be used. */
export const MATCH_THRESHOLD = 0.65;

/**
 * The vocabulary for a topic, scored. Confident only when both hold: one of the vocabulary's key words (its
 * `match`) is in the topic, and the vocabulary's own text uses at least MATCH_THRESHOLD of the topic's
 * informative terms (request.ts topicTermsOf, less words most vocabularies share). So "spotting red flags" is
 * not software engineering (no key word) and "AML for tellers" is not anti-bribery (the key word "AML" is there,
 * but the vocabulary never speaks of it). Only the topic is scored: the audience and the rest of the message
 * ("kitchen managers", "for our sales team") say who learns, not what. Null when nothing matches confidently.
 */
export function matchDomain(topic: string | null): DomainMatch | null {
  if (!topic) return null;
  const parts = (t: string) => t.split(/[-/]/).filter((x) => x.length >= 2);
  const terms = topicTermsOf(topic).filter(
    (t) => !STOP.has(t) && parts(t).some((x) => !SHARED.has(stemOf(x))),
  );
  if (!terms.length) return null;
  let best: DomainMatch | null = null;
  for (const d of DOMAINS) {
    if (!d.match.test(topic)) continue;
    const evidence = EVIDENCE.get(d)!;
    const matched = terms.filter((t) => parts(t).some((x) => evidence.has(stemOf(x))));
    const score = matched.length / terms.length;
    if (!matched.length || score < MATCH_THRESHOLD) continue;
    if (!best || score > best.score || (score === best.score && matched.length > best.matched.length))
      best = { domain: d, score, matched };
  }
  return best;
}

/** Upper-case first letter. */
const cap = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

/**
 * The draft for a topic no vocabulary covers confidently: the structure of good practice around the request's
 * own terms (its topic and the subtopics it lists), with "[SME: …]" placeholders wherever a fact, an error, a
 * misconception or a situation is needed. Nothing in it pretends to be subject knowledge.
 */
export function draftDomain(topic: string, audience: string | null, subtopics: string[] = []): Domain {
  const who = audience ?? 'the team';
  const subs = (subtopics.length ? subtopics : [topic]).slice(0, 8);
  const six = Array.from({ length: Math.max(6, subs.length) }, (_, i) => {
    const s = subs[i % subs.length]!;
    const round = Math.floor(i / subs.length);
    return { s, n: round ? ` (${round + 1})` : '' };
  });
  const steps =
    subs.length >= 3
      ? subs.map(cap)
      : [
          ...subs.map(cap),
          ...Array.from(
            { length: 4 - subs.length },
            (_, i) => `[SME: step ${i + subs.length + 1} of ${topic}]`,
          ),
        ];
  return {
    id: 'draft',
    label: topic,
    match: /$^/,
    audience: who,
    setting: `day-to-day work on ${topic}`,
    steps,
    // Placeholders for the SME: the ordering items of a draft are placeholders too (draftOrdering).
    ordered: true,
    facts: six.map(({ s, n }) => `[SME: a key fact about ${s}${n}]`),
    myths: six.map(({ s, n }) => `[SME: a common misconception about ${s}${n}]`),
    errors: six.map(({ s, n }) => ({
      error: `[SME: a common error in ${s}${n}]`,
      consequence: `[SME: what that error leads to]`,
      fix: `[SME: how to prevent it]`,
    })),
    terms: subs.map((s) => ({ term: cap(s), meaning: `[SME: what ${s} means for ${who}]` })),
    tools: [`[SME: the job aid or system used for ${topic}]`],
    scenario: {
      character: `[SME: who the ${who} is dealing with]`,
      place: `[SME: where a realistic ${topic} case happens]`,
      situation: `[SME: the situation with ${topic} the ${who} faces]`,
      best: '[SME: the right first action]',
      shortcut: '[SME: a tempting shortcut]',
      avoid: '[SME: the action that makes it worse]',
      complication: '[SME: what happens next]',
      goodFollow: '[SME: the right follow-up]',
      weakFollow: '[SME: a weak follow-up]',
      recover: '[SME: how to recover]',
      persist: '[SME: carrying on with the shortcut]',
    },
    days: [
      'Welcome and orientation',
      `Foundations of ${topic}`,
      'Tools and systems',
      'The core procedure',
      'Guided practice',
      'Common errors and how to avoid them',
      'Shadowing on the job',
      'Supervised practice',
      'Independent practice with review',
      'Assessment and sign-off',
    ],
  };
}

/** The vocabulary for a topic on a confident match, else the draft around the topic and its subtopics. */
/** Workplaces a request may name, and the two vocabularies whose content belongs to one of them. */
const WORKPLACE =
  /\b(?:care homes?|nursing homes?|hospitals?|wards?|clinics?|gp surgery|pharmac(?:y|ies)|schools?|classrooms?|colleges?|universit(?:y|ies)|offices?|kitchens?|restaurants?|hotels?|bars?|pubs?|shops?|stores?|supermarkets?|banks?|branch(?:es)?|call cent(?:re|er)s?|contact cent(?:re|er)s?|laborator(?:y|ies)|labs?|construction sites?|building sites?|farms?|factor(?:y|ies)|plants?|airports?|ramps?|hangars?|warehouses?|distribution cent(?:re|er)s?|depots?|loading docks?|vessels?|ships?|stations?)\b/gi;
const OWN_WORKPLACE: Record<string, RegExp> = {
  warehouse: /^(?:warehouses?|distribution cent(?:re|er)s?|depots?|loading docks?|factor(?:y|ies)|plants?)$/i,
  nursing: /^(?:care homes?|nursing homes?|hospitals?|wards?|clinics?|gp surgery)$/i,
};

/**
 * Whether the request places a setting-bound vocabulary somewhere else: the warehouse vocabulary (forklifts,
 * racking) for "manual handling for care home staff" or "fire safety in our offices", the ward's for a school.
 * Its key words (manual handling, fire safety, PPE) are general; its content is not.
 */
export function placedElsewhere(domain: Domain, text: string): boolean {
  const own = OWN_WORKPLACE[domain.id];
  if (!own) return false;
  const named = [...text.matchAll(WORKPLACE)].map((m) => m[0]);
  if (named.length) return !named.some((w) => own.test(w));
  // Named nowhere: its general key words alone ("fire safety") do not place it in a warehouse.
  const distinct = DISTINCT[domain.id];
  return !!distinct && !distinct.test(text);
}

/** Words only the setting-bound vocabulary's own work uses; without one of them or its workplace it is not used. */
const DISTINCT: Record<string, RegExp> = {
  warehouse:
    /\b(?:warehouse\w*|forklifts?|lift trucks?|reach trucks?|pallets?|racking|loading docks?|picking|packing|logistics|distribution)\b/i,
};

export function domainOf(
  topic: string,
  audience: string | null,
  subtopics: string[] = [],
  text = '',
): Domain {
  const matched = matchDomain(topic)?.domain;
  if (matched && !placedElsewhere(matched, `${audience ?? ''} ${text}`)) return matched;
  return draftDomain(topic, audience, subtopics);
}

/** The built-in vocabularies (for tests). */
export const VOCABULARIES: readonly Domain[] = DOMAINS;
