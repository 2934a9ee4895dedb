// Jobs of three years (published, closed, drafts) and the applications of the last two (older
// ones are purged by the retention job), each with a CV file the size of a small PDF.
import { at, dateOf, DAY_MS, type Generation } from "./context";
import { cumulative, uuidV7At } from "./random";
import { FIRST_NAMES, JOB_TITLES, LAST_NAMES, SAMPLE_CV } from "./vocabulary";

const WORKPLACES = ["on_site", "hybrid", "hybrid", "remote"] as const;
const EMPLOYMENT = ["full_time", "full_time", "full_time", "part_time", "contract", "freelance", "internship"] as const;
const LOCATIONS = ["Paris", "Lyon", "Remote, EU", "Bordeaux", "Lille"];
const HOUR = 3_600_000;

export async function generateJobs(gen: Generation) {
  const random = gen.random("jobs");
  const span = gen.today - gen.firstMonday;
  const jobs = gen.writer("jobs", [
    "id",
    "slug",
    "title",
    "location",
    "workplace",
    "employment_type",
    "salary_min",
    "salary_max",
    "salary_currency",
    "salary_period",
    "description",
    "status",
    "published_at",
    "closes_on",
    "version",
    "created_at",
    "updated_at",
  ]);
  type Job = { id: string; status: string; publishedAt: number | null; closedAt: number };
  const created: Job[] = [];
  for (let index = 0; index < gen.counts.jobs; index += 1) {
    // The first job is always a recent, open one.
    const createdDay = index === 0 ? gen.today - random.int(5, 60) : gen.firstMonday + random.int(0, span - 1);
    const recent = gen.today - createdDay <= 365;
    const roll = random.next();
    const status =
      index === 0
        ? "published"
        : recent
          ? roll < 0.45
            ? "published"
            : roll < 0.55
              ? "draft"
              : "closed"
          : roll < 0.05
            ? "published"
            : "closed";
    const createdAt = at(createdDay, 10);
    const publishedAt =
      status === "draft" ? null : Math.min(gen.startOfToday - 60_000, createdAt + random.int(1, 7) * DAY_MS);
    const closesOn =
      status === "published" && random.chance(0.35)
        ? random.chance(0.15)
          ? gen.today - random.int(1, 20)
          : gen.today + random.int(10, 60)
        : null;
    const closedAt =
      status === "closed"
        ? Math.min(gen.startOfToday - 60_000, (publishedAt ?? createdAt) + random.int(30, 120) * DAY_MS)
        : gen.startOfToday - 60_000;
    const title = random.pick(JOB_TITLES);
    const location = random.pick(LOCATIONS);
    const slug = `${title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")}-${index + 1}`;
    const salary = random.chance(0.6);
    const salaryMin = salary ? random.int(35, 60) * 100_000 : null;
    const id = uuidV7At(random, createdAt);
    created.push({ id, status, publishedAt, closedAt });
    const description = `## The role\n${title} in our ${location} team, working with clients from the first workshop to delivery.\n\n## You have\n- Experience in a similar role\n- Fluent English; French is a plus\n\n## We offer\n- Training budget\n- Flexible hours`;
    await jobs.add([
      id,
      slug,
      title,
      location,
      random.pick(WORKPLACES),
      random.pick(EMPLOYMENT),
      salaryMin,
      salaryMin === null ? null : salaryMin + random.int(5, 25) * 100_000,
      salary ? "EUR" : null,
      salary ? "year" : null,
      description,
      status,
      publishedAt === null ? null : new Date(publishedAt),
      closesOn === null ? null : dateOf(closesOn),
      status === "closed" ? 3 : 2,
      new Date(createdAt),
      new Date(status === "closed" ? closedAt : (publishedAt ?? createdAt)),
    ]);
  }
  await jobs.finish();

  // ---- Applications: only to jobs open in the last 23 months (settings keep them 24).
  const keptFrom = gen.startOfToday - 700 * DAY_MS;
  const open = created.filter((job) => job.publishedAt !== null && job.closedAt > keptFrom);
  const weights = cumulative(open.map((job) => (job.status === "published" ? 3 : 1)));
  const applications = gen.writer("job_applications", [
    "id",
    "job_id",
    "name",
    "email",
    "phone",
    "links",
    "cover_letter",
    "consent_at",
    "status",
    "notes",
    "cv_original_name",
    "cv_kind",
    "cv_size",
    "version",
    "created_at",
    "updated_at",
  ]);
  const files = gen.writer("job_application_files", [
    "application_id",
    "stored_name",
    "mime_type",
    "content",
    "created_at",
  ]);
  for (let index = 0; index < gen.counts.applications; index += 1) {
    const job = open[random.weighted(weights)]!;
    const from = Math.max(job.publishedAt!, keptFrom);
    const createdAt = from + Math.floor(random.next() * Math.max(HOUR, job.closedAt - from));
    const ageDays = (gen.startOfToday - createdAt) / DAY_MS;
    const roll = random.next();
    const status =
      ageDays < 14
        ? roll < 0.7
          ? "new"
          : "reviewing"
        : roll < 0.45
          ? "rejected"
          : roll < 0.55
            ? "reviewing"
            : roll < 0.65
              ? "interview"
              : roll < 0.68
                ? "offer"
                : roll < 0.72
                  ? "hired"
                  : roll < 0.8
                    ? "withdrawn"
                    : "new";
    const name = `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;
    const plain = name.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
    const id = uuidV7At(random, createdAt);
    await applications.add([
      id,
      job.id,
      name,
      `${plain.toLowerCase().replace(/[^a-z]+/g, ".")}${index}@mail.example`,
      random.chance(0.6) ? `+336${String(random.int(10_000_000, 99_999_999))}` : null,
      random.chance(0.4) ? ["https://www.linkedin.com/in/example"] : [],
      random.chance(0.7) ? "Hello,\n\nI would love to join your team. My CV is attached.\n\nBest regards" : null,
      new Date(createdAt),
      status,
      status === "interview" ? "Strong on client work. Second interview planned." : null,
      `CV ${plain}.pdf`,
      "pdf",
      SAMPLE_CV.byteLength,
      status === "new" ? 1 : 2,
      new Date(createdAt),
      new Date(createdAt),
    ]);
    await files.add([id, `${id}.pdf`, "application/pdf", SAMPLE_CV, new Date(createdAt)]);
  }
  await applications.finish();
  await files.finish();
}
