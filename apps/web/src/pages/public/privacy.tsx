// /privacy — Privacy Policy (consistent with SPEC §9).
import { Link } from 'react-router';
import { LegalPage, type LegalSection } from '../../components/marketing/legal-page';
import { CONTACT_EMAIL, REPLY_TIME } from '../../components/marketing/site-info';

const SECTIONS: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <>
        <p>
          L&amp;D Assistant (“we”, “us”) provides an AI assistant for instructional designers, learning and
          development teams, subject-matter experts and course creators. This policy explains what personal
          data we collect when you visit our website or use the service, why we collect it, who we share it
          with and the choices you have.
        </p>
        <p>
          We are the controller of the personal data described here. If you use L&amp;D Assistant through an
          organisation’s Team plan, your organisation may also control some of your data (for example, usage
          logs visible to its administrators).
        </p>
      </>
    ),
  },
  {
    id: 'data-we-collect',
    title: 'Information we collect',
    body: (
      <>
        <ul>
          <li>
            <strong>Account details:</strong> your first and last name, email address, a securely hashed
            password, whether your email is verified and your communication preferences (such as product
            tips).
          </li>
          <li>
            <strong>Subscription and billing details:</strong> your plan, billing cycle, trial and billing
            dates, message usage and subscription status. Card details are entered into and stored by our
            payment processor; we never see or store your full card number.
          </li>
          <li>
            <strong>Content you provide:</strong> the messages you send to the assistant, the responses it
            generates, the titles of your saved sessions and the files you upload for analysis.
          </li>
          <li>
            <strong>Usage and technical data:</strong> the actions you take (such as sending a message or
            signing in), timestamps, message counts, IP address, browser type and error logs, used to operate,
            secure and improve the service.
          </li>
          <li>
            <strong>Messages to us:</strong> if you use our contact form or email us, your name, email,
            company (optional) and message.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use',
    title: 'How we use your information',
    body: (
      <ul>
        <li>To create and secure your account, verify your email and let you reset your password.</li>
        <li>
          To provide the assistant: generating objectives, quizzes, scenarios, modality recommendations and
          learning plans from your messages and files, and saving your sessions so you can return to them.
        </li>
        <li>
          To run your subscription: start your 7-day free trial, bill you on the plan you selected when the
          trial ends unless you cancel, and count messages against your plan’s quota for the billing period.
        </li>
        <li>
          To send service emails (verification, password reset, billing notices) and, if you opt in, tips.
        </li>
        <li>To detect abuse, enforce rate limits, troubleshoot problems and keep the service secure.</li>
        <li>To reply to your enquiries — we aim to respond within {REPLY_TIME}.</li>
      </ul>
    ),
  },
  {
    id: 'ai-provider',
    title: 'AI processing by a third-party provider',
    body: (
      <>
        <p>
          The assistant is powered by a large language model operated by a{' '}
          <strong>third-party AI provider</strong>. When you send a message, its content, the relevant
          conversation history and the content of any files you upload to that session are transmitted to the
          provider to generate a response.
        </p>
        <p>
          The provider processes this content on our behalf, under contractual terms that restrict its use to
          providing the service. Do not upload information you are not permitted to share, and avoid including
          sensitive personal data (such as health information about identifiable people) in your prompts or
          files.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share data with',
    body: (
      <>
        <p>
          We do not sell your personal data. We share it only with service providers that help us run L&amp;D
          Assistant:
        </p>
        <ul>
          <li>our AI provider, to generate responses (see above);</li>
          <li>our payment processor, to collect your card at sign-up and process subscription payments;</li>
          <li>hosting, database, and email delivery providers, to store data and send service emails.</li>
        </ul>
        <p>
          We may also disclose data when the law requires it, or to protect the rights, property or safety of
          our users and the public.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'Data retention and deletion',
    body: (
      <>
        <p>
          We keep your account data, saved sessions, messages and uploaded files for as long as your account
          is open, so you can return to your work. You can delete individual sessions and files at any time.
        </p>
        <p>
          <strong>Deleting your account</strong> (from your profile, confirmed with your password) permanently
          removes your profile, your chat and assistant sessions, their messages and your uploaded files.
          Billing records that we are legally required to keep, such as invoices, are retained for the period
          the law requires and then deleted.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and local storage',
    body: (
      <>
        <p>
          We use a small number of strictly necessary cookies and browser storage entries, and no advertising
          trackers:
        </p>
        <ul>
          <li>
            <strong>Refresh-token cookie:</strong> an HTTP-only cookie that keeps you signed in and lets the
            app renew your session securely.
          </li>
          <li>
            <strong>Access token (local storage):</strong> a short-lived token that authorises requests while
            you use the app.
          </li>
          <li>
            <strong>Preferences:</strong> your theme (light, dark or system) in local storage, and whether the
            sidebar is expanded in a cookie that lasts 7 days.
          </li>
          <li>
            <strong>Selected plan (local storage):</strong> the plan you chose on the pricing page, so the
            sign-up form can show it.
          </li>
        </ul>
        <p>You can clear these at any time in your browser settings; you will then be signed out.</p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        We protect your data with encryption in transit (HTTPS), hashed passwords, short-lived access tokens,
        rate limiting and access controls that limit administrative access to the people who need it. No
        system is perfectly secure; if we become aware of a breach affecting your personal data, we will
        notify you and the relevant authorities as the law requires.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights and choices',
    body: (
      <>
        <p>
          Depending on where you live, you may have the right to access, correct, export or delete your
          personal data, and to object to or restrict certain processing. You can update your name and
          password in your profile, unsubscribe from tips, and delete your account yourself. For anything
          else, email <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
        </p>
        <p>You also have the right to complain to your local data protection authority.</p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Minimum age',
    body: (
      <p>
        L&amp;D Assistant is not intended for anyone under <strong>16</strong>. We do not knowingly collect
        personal data from children under 16; if you believe a child has given us data, contact us and we will
        delete it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        We may update this policy as the service evolves. We will change the “last updated” date above and,
        for material changes, notify account holders by email before they take effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <p>
        Questions about privacy? Email <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a> or use our{' '}
        <Link to="/contact">contact form</Link>. We reply within {REPLY_TIME}.
      </p>
    ),
  },
];

export default function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro={
        <p>
          Your training content is your work. Here is exactly what we collect, why, and how you stay in
          control of it.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
