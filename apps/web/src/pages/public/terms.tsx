// /terms — Terms of Use (consistent with SPEC §9).
import { Link } from 'react-router';
import { LegalPage, type LegalSection } from '../../components/marketing/legal-page';
import { CONTACT_EMAIL, REPLY_TIME } from '../../components/marketing/site-info';

const SECTIONS: LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of these terms',
    body: (
      <p>
        These Terms of Use govern your access to and use of L&amp;D Assistant, including the website, the chat
        and assistant features and any related services. By creating an account or using the service you agree
        to these terms and to our <Link to="/privacy">Privacy Policy</Link>. If you use the service on behalf
        of an organisation, you confirm that you are authorised to accept these terms for it.
      </p>
    ),
  },
  {
    id: 'eligibility',
    title: 'Eligibility and accounts',
    body: (
      <ul>
        <li>
          You must be at least <strong>16 years old</strong> to use L&amp;D Assistant.
        </li>
        <li>
          Each account is <strong>one seat for one person</strong>. Do not share your login; Team plans
          provide a seat for each user.
        </li>
        <li>
          Provide accurate information, verify your email address and keep your password confidential. You are
          responsible for activity under your account.
        </li>
      </ul>
    ),
  },
  {
    id: 'trial',
    title: 'Free trial',
    body: (
      <>
        <p>
          New accounts start with a <strong>7-day free trial</strong> of the plan you select. A payment card
          is collected at sign-up, and <strong>no charge is made today</strong>.
        </p>
        <p>
          Unless you cancel before the trial ends, your subscription starts automatically and your card is
          billed for the selected plan and billing cycle. You can cancel the trial at any time from your
          dashboard or profile.
        </p>
      </>
    ),
  },
  {
    id: 'subscriptions',
    title: 'Subscriptions, billing and refunds',
    body: (
      <>
        <ul>
          <li>
            Plans are billed in advance, monthly or annually, at the prices shown on our{' '}
            <Link to="/pricing">pricing page</Link>. Team plans are priced per user.
          </li>
          <li>
            Annual plans include the <strong>2MONTHSFREE</strong> promotion, applied automatically: 14 months
            of service for the price of 12.
          </li>
          <li>
            Subscriptions renew automatically at the end of each billing period until cancelled. After you
            cancel, you keep access until the end of the period you have paid for.
          </li>
          <li>
            Payments are <strong>non-refundable, except where the law requires a refund</strong>.
          </li>
          <li>
            We may change prices for future billing periods; we will tell you in advance, and you can cancel
            before the new price applies.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'quotas',
    title: 'Message quotas',
    body: (
      <>
        <p>
          Each plan includes a message quota.{' '}
          <strong>One message is one user input plus one AI response.</strong> Quotas reset at the start of
          each billing period and <strong>unused messages do not roll over</strong>. When you reach your limit
          you will be prompted to upgrade.
        </p>
        <p>
          For 10,000+ messages per month, <Link to="/contact">contact us</Link> about a custom plan. We may
          apply reasonable rate limits to protect the service for everyone.
        </p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <p>You agree not to:</p>
        <ul>
          <li>
            upload content you do not have the right to use, or that is unlawful, harmful or infringing;
          </li>
          <li>
            attempt to access other users’ data, probe or disrupt the service, or bypass quotas and limits;
          </li>
          <li>resell or share access to the service outside your plan’s seats;</li>
          <li>use the service to build a competing product, or to generate spam or deceptive content.</li>
        </ul>
        <p>We may suspend or close accounts that break these rules.</p>
      </>
    ),
  },
  {
    id: 'content',
    title: 'Your content and AI output',
    body: (
      <>
        <p>
          You keep ownership of the messages and files you provide and of the output generated for you. You
          give us the permission needed to store and process that content to provide the service, including
          sending it to our <strong>third-party AI provider</strong> to generate responses.
        </p>
        <p>
          AI output can be inaccurate or incomplete. Review objectives, assessments, scenarios and plans with
          a qualified subject-matter expert before using them — particularly for compliance, safety or
          regulated training.
        </p>
      </>
    ),
  },
  {
    id: 'termination',
    title: 'Cancellation and account deletion',
    body: (
      <p>
        You may cancel your subscription or delete your account at any time from your profile. Deleting your
        account permanently removes your sessions, messages and uploaded files, as described in our{' '}
        <Link to="/privacy">Privacy Policy</Link>.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Disclaimers and limitation of liability',
    body: (
      <p>
        The service is provided “as is” and “as available”. To the fullest extent the law allows, we are not
        liable for indirect or consequential losses, and our total liability for any claim is limited to the
        amount you paid us in the twelve months before the claim. Nothing in these terms limits liability that
        cannot be limited by law.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms from time to time. We will change the “last updated” date above and, for
        material changes, notify you by email before they take effect. Continuing to use the service after
        that means you accept the updated terms.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about these terms? Email <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a> or use our{' '}
        <Link to="/contact">contact form</Link>. We reply within {REPLY_TIME}.
      </p>
    ),
  },
];

export default function TermsPage() {
  return (
    <LegalPage
      title="Terms of Use"
      intro={
        <p>
          The rules for using L&amp;D Assistant, in plain language: your trial, billing, message quotas and
          what you can expect from us.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
