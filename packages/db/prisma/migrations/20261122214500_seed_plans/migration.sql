-- Seed the plan catalogue (packages/api/src/plans/catalogue.ts). Admins may edit these rows later;
-- ON CONFLICT keeps their edits. annualMessages is the 14-months-for-12 reading.
INSERT INTO "Plan" ("id", "name", "description", "monthlyPriceCents", "annualPriceCents", "monthlyMessages", "annualMessages", "features", "popular", "perSeat", "isActive", "sortOrder", "updatedAt")
VALUES
  ('starter', 'Starter', 'Solo designers and small projects', 1200, 14400, 300, 4200,
   ARRAY['SME Walkthrough Simulation', 'Basic Learning Plan Tools', 'Email Support', 'Export Options'], false, false, true, 1, now()),
  ('pro', 'Pro', 'Freelancers, consultants, content teams', 2700, 32400, 1000, 14000,
   ARRAY['SME Walkthrough Simulation', 'Basic Learning Plan Tools', 'Export Options', 'Bloom''s-Aligned Objective Generator', 'Assessment & Scenario Builders', 'Modality Recommender', 'Priority Support'], true, false, true, 2, now()),
  ('team', 'Team', 'Internal L&D teams and academies', 9900, 118800, 3000, 42000,
   ARRAY['Everything in Pro', 'Admin Dashboard', 'Role-based Access', 'Usage Logs & CSV Export', 'Multi-seat Scalability', 'Dedicated Support'], false, true, true, 3, now())
ON CONFLICT ("id") DO NOTHING;
