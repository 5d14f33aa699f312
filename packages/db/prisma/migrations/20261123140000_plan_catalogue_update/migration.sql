-- Bring the seeded plan rows in line with the catalogue (packages/api/src/plans/catalogue.ts): Pro keeps every
-- Starter feature (SPEC §3: Pro "adds" to Starter) and each plan gets its own description. Rows an admin has
-- edited since the seed no longer hold the seeded values and are left alone.
UPDATE "Plan"
SET "features" = ARRAY['SME Walkthrough Simulation', 'Basic Learning Plan Tools', 'Email Support', 'Export Options', 'Bloom''s-Aligned Objective Generator', 'Assessment & Scenario Builders', 'Modality Recommender', 'Priority Support'],
    "updatedAt" = now()
WHERE "id" = 'pro'
  AND "features" = ARRAY['SME Walkthrough Simulation', 'Basic Learning Plan Tools', 'Export Options', 'Bloom''s-Aligned Objective Generator', 'Assessment & Scenario Builders', 'Modality Recommender', 'Priority Support'];

UPDATE "Plan" SET "description" = 'Core design tools to turn expert input into structured training', "updatedAt" = now()
WHERE "id" = 'starter' AND "description" = 'Solo designers and small projects';
UPDATE "Plan" SET "description" = 'The full design toolkit: objectives, assessments, scenarios and modality advice', "updatedAt" = now()
WHERE "id" = 'pro' AND "description" = 'Freelancers, consultants, content teams';
UPDATE "Plan" SET "description" = 'Everything in Pro for a whole team, with admin controls and usage reporting', "updatedAt" = now()
WHERE "id" = 'team' AND "description" = 'Internal L&D teams and academies';
