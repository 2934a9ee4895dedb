// Demo data: jobs in every status (and one past its closing date), applications in every status.
import { v7 as uuidv7 } from "uuid";
import { job, jobApplication, jobApplicationFile } from "@/db/schema";
import type { DemoContext } from "@/modules/users/users-seed";
import { APPLICATION_STATUSES } from "./job-schemas";

const DEMO_PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

export async function seedJobs(context: DemoContext): Promise<void> {
  const { db } = context;
  const jobs = await db
    .insert(job)
    .values([
      {
        slug: "senior-consultant-paris",
        title: "Senior consultant",
        location: "Paris",
        workplace: "hybrid",
        employmentType: "full_time",
        salaryMin: 5_500_000,
        salaryMax: 6_500_000,
        salaryCurrency: "EUR",
        salaryPeriod: "year",
        description:
          "## The role\nYou lead client engagements from the first workshop to delivery.\n\n## You have\n- 5+ years of consulting\n- Fluent English and French\n\n## We offer\n- Two days a week from home\n- Training budget",
        status: "published",
        publishedAt: daysAgo(3),
      },
      {
        slug: "frontend-developer",
        title: "Front-end developer (React)",
        location: "Remote, EU",
        workplace: "remote",
        employmentType: "contract",
        salaryMin: 45_000,
        salaryMax: 60_000,
        salaryCurrency: "EUR",
        salaryPeriod: "day",
        description: "Six-month mission on a design system. **React, TypeScript, accessibility.**",
        status: "published",
        publishedAt: daysAgo(10),
      },
      {
        slug: "office-manager",
        title: "Office manager",
        location: "Paris",
        workplace: "on_site",
        employmentType: "part_time",
        description: "Draft: to be reviewed.",
        status: "draft",
      },
      {
        slug: "junior-analyst-2025",
        title: "Junior analyst",
        location: "Lyon",
        workplace: "on_site",
        employmentType: "internship",
        description: "Filled.",
        status: "closed",
        publishedAt: daysAgo(120),
      },
      {
        slug: "data-engineer",
        title: "Data engineer",
        location: "Paris",
        workplace: "hybrid",
        employmentType: "freelance",
        description: "Applications closed on the date below.",
        status: "published",
        publishedAt: daysAgo(60),
        closesOn: daysAgo(5).toISOString().slice(0, 10),
      },
    ])
    .returning({ id: job.id, slug: job.slug });
  const target = jobs[0]!.id;
  const people = ["Léa Martin", "Tom Becker", "Inès Duarte", "Noah Smith", "Chloé Bernard", "Yusuf Kaya", "Mia Rossi"];
  for (const [index, status] of APPLICATION_STATUSES.entries()) {
    const id = uuidv7();
    const name = people[index]!;
    await db.insert(jobApplication).values({
      id,
      jobId: index < 5 ? target : jobs[3]!.id,
      name,
      email: `${name
        .split(" ")[0]!
        .normalize("NFKD")
        .replace(/[\u0300-\u036f]/g, "")
        .toLowerCase()}@example.com`,
      phone: index % 2 === 0 ? `+3361234567${index}` : null,
      links: index % 3 === 0 ? ["https://www.linkedin.com/in/example"] : [],
      coverLetter: "Hello,\n\nI would love to join your team. My CV is attached.\n\nBest regards",
      consentAt: daysAgo(index * 4 + 1),
      status,
      notes: status === "interview" ? "Strong on client work. Second interview on Thursday." : null,
      cvOriginalName: `CV ${name}.pdf`.normalize("NFKD").replace(/[\u0300-\u036f]/g, ""),
      cvKind: "pdf",
      cvSize: DEMO_PDF.byteLength,
      createdAt: daysAgo(index * 4 + 1),
    });
    await db
      .insert(jobApplicationFile)
      .values({ applicationId: id, storedName: `${id}.pdf`, mimeType: "application/pdf", content: DEMO_PDF });
  }
}
