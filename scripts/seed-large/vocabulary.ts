// Words the large seed builds its firm from: people, companies, places, work, calls and jobs.

export const FIRST_NAMES = [
  "Ada", "Louis", "Claire", "Peter", "Ana", "Marc", "Sofia", "Theo", "Hélène", "Omar", "Yuki", "Lena", "Paul", "Inès", "Hugo", "Nina", "Samuel", "Eva", "Noah", "Zoé",
  "Camille", "Lucas", "Chloé", "Jules", "Manon", "Arthur", "Léa", "Gabriel", "Emma", "Raphaël", "Alice", "Adam", "Louise", "Ethan", "Jade", "Nathan", "Rose", "Tom", "Mila", "Victor",
  "Sara", "Karim", "Julia", "Mateo", "Olga", "Rahul", "Aiko", "Björn", "Fatima", "Diego",
];

export const LAST_NAMES = [
  "Martin", "Bernard", "Dubois", "Walsh", "Souza", "Petit", "Garnier", "Roux", "Smith", "Tanaka", "Müller", "Rossi", "Novak", "Silva", "Leroy", "Moreau", "Fournier", "Girard", "Lambert", "Fontaine",
  "Durand", "Lefebvre", "Mercier", "Blanc", "Guerin", "Faure", "Andre", "Chevalier", "Francois", "Legrand", "Gauthier", "Perrin", "Robin", "Clement", "Morin", "Nicolas", "Henry", "Roussel", "Mathieu", "Garcia",
  "Schmidt", "Kowalski", "Jensen", "O'Brien", "Nakamura", "Okafor", "Haddad", "Larsen", "Costa", "Ivanova",
];

export const COMPANY_FIRST = [
  "Acme", "Northwind", "Globex", "Initech", "Umbrella", "Stark", "Wayne", "Wonka", "Cyberdyne", "Soylent", "Tyrell", "Hooli", "Vandelay", "Massive", "Oscorp", "Aperture", "Black Mesa", "Blue Sun",
  "Gringotts", "Monarch", "Prestige", "Sirius", "Vertex", "Zenith", "Apex", "Summit", "Horizon", "Pioneer", "Atlas", "Orion", "Nova", "Polaris", "Quantum", "Helix", "Cobalt", "Granite", "Silver",
  "Golden", "Crimson", "Emerald", "Azure", "Lumen", "Nimbus", "Boreal", "Solstice", "Meridian", "Harbor", "Beacon", "Keystone", "Redwood", "Cedar", "Maple", "Alder", "Willow", "Falcon", "Heron",
  "Lynx", "Otter", "Bison", "Fjord",
];

export const COMPANY_SECOND = [
  "Industries", "Logistics", "Foods", "Pharma", "Energy", "Motors", "Textiles", "Media", "Studios", "Systems", "Analytics", "Robotics", "Foundry", "Partners", "Holdings", "Labs", "Retail", "Hotels",
  "Capital", "Insurance", "Construction", "Architects", "Dental", "Clinics", "Farms", "Wines", "Brewing", "Airlines", "Shipping", "Telecom", "Software", "Networks", "Publishing", "Education", "Sports",
  "Fashion", "Cosmetics", "Furniture", "Ceramics", "Optics", "Acoustics", "Biotech", "Materials", "Chemicals", "Paper", "Printing", "Security", "Cleaning", "Catering", "Events",
];

export type Country = { code: string; currency: string; legal: string; cities: readonly [string, string][]; phonePrefix: string; vatPrefix: string | null; eu: boolean };

export const COUNTRIES: readonly { weight: number; country: Country }[] = [
  { weight: 62, country: { code: "FR", currency: "EUR", legal: "SAS", phonePrefix: "+331", vatPrefix: "FR", eu: true, cities: [["Paris", "75008"], ["Lyon", "69002"], ["Marseille", "13001"], ["Lille", "59000"], ["Nantes", "44000"], ["Bordeaux", "33000"], ["Toulouse", "31000"], ["Rennes", "35000"]] } },
  { weight: 8, country: { code: "DE", currency: "EUR", legal: "GmbH", phonePrefix: "+4930", vatPrefix: "DE", eu: true, cities: [["Berlin", "10115"], ["Hamburg", "20095"], ["München", "80331"], ["Köln", "50667"]] } },
  { weight: 5, country: { code: "BE", currency: "EUR", legal: "SRL", phonePrefix: "+322", vatPrefix: "BE", eu: true, cities: [["Bruxelles", "1000"], ["Liège", "4000"], ["Gent", "9000"]] } },
  { weight: 4, country: { code: "ES", currency: "EUR", legal: "S.L.", phonePrefix: "+3491", vatPrefix: "ES", eu: true, cities: [["Madrid", "28001"], ["Barcelona", "08001"], ["Valencia", "46001"]] } },
  { weight: 4, country: { code: "IT", currency: "EUR", legal: "S.r.l.", phonePrefix: "+3902", vatPrefix: "IT", eu: true, cities: [["Milano", "20121"], ["Roma", "00184"], ["Torino", "10121"]] } },
  { weight: 2, country: { code: "NL", currency: "EUR", legal: "B.V.", phonePrefix: "+3120", vatPrefix: "NL", eu: true, cities: [["Amsterdam", "1012"], ["Rotterdam", "3011"]] } },
  { weight: 8, country: { code: "GB", currency: "GBP", legal: "Ltd", phonePrefix: "+4420", vatPrefix: "GB", eu: false, cities: [["London", "EC1A 1BB"], ["Manchester", "M1 1AE"], ["Edinburgh", "EH1 1YZ"]] } },
  { weight: 5, country: { code: "US", currency: "USD", legal: "Inc.", phonePrefix: "+1212", vatPrefix: null, eu: false, cities: [["New York", "10001"], ["Boston", "02108"], ["San Francisco", "94103"]] } },
  { weight: 2, country: { code: "CH", currency: "CHF", legal: "AG", phonePrefix: "+4144", vatPrefix: "CHE", eu: false, cities: [["Zürich", "8001"], ["Genève", "1201"], ["Lausanne", "1003"]] } },
];

export const STREETS = ["rue de la Paix", "avenue des Champs", "Hauptstraße", "High Street", "Main Street", "quai des Chartrons", "boulevard Haussmann", "Calle Mayor", "Via Roma", "Keizersgracht", "rue du Rhône"];

export const PROJECT_KINDS = [
  "Website redesign", "Support retainer", "Data migration", "Security audit", "Brand strategy", "ERP rollout", "Cloud migration", "Process review", "Market study", "Training programme",
  "Mobile app", "CRM integration", "Accessibility audit", "Quality management", "Change management", "Pricing study", "Data warehouse", "Due diligence", "Intranet", "E-commerce platform",
  "Performance tuning", "GDPR compliance", "Recruitment campaign", "Annual report", "Customer survey", "Supply chain review", "Warehouse layout", "IT master plan", "Pre-sales", "Maintenance",
];

export const TASKS = [
  "Workshops", "Analysis", "Development", "Meetings", "Documentation", "Testing", "Project management", "Design review", "Interviews", "Reporting", "Support tickets", "Specifications",
  "Deployment", "Training", "Data cleaning", "Code review", "Client calls", "Travel", "Research", "Presentation",
];

export type CatalogItem = { description: string; unit: string; price: [number, number]; quantity: [number, number]; step: number; taxRateBp?: number };

/** Lines of invoices that bill something else than time: prices in minor units, quantities in thousandths. */
export const CATALOG: readonly CatalogItem[] = [
  { description: "Consulting day", unit: "day", price: [80_000, 150_000], quantity: [1, 20], step: 500 },
  { description: "Monthly retainer", unit: "month", price: [150_000, 600_000], quantity: [1, 1], step: 1000 },
  { description: "Workshop facilitation", unit: "day", price: [120_000, 250_000], quantity: [1, 4], step: 500 },
  { description: "Software licence (annual)", unit: "item", price: [20_000, 300_000], quantity: [1, 5], step: 1000 },
  { description: "Travel expenses", unit: "item", price: [5_000, 80_000], quantity: [1, 1], step: 1000, taxRateBp: 1000 },
  { description: "Training session", unit: "item", price: [60_000, 200_000], quantity: [1, 3], step: 1000, taxRateBp: 550 },
  { description: "Hosting", unit: "month", price: [2_000, 20_000], quantity: [1, 12], step: 1000 },
  { description: "Support hours", unit: "hour", price: [8_000, 15_000], quantity: [1, 40], step: 250 },
  { description: "Audit report", unit: "item", price: [200_000, 900_000], quantity: [1, 1], step: 1000 },
  { description: "Printed materials", unit: "item", price: [500, 5_000], quantity: [10, 200], step: 1000, taxRateBp: 550 },
];

export const CALL_SUBJECTS = [
  "Quote for the new site", "Budget review", "Kick-off meeting", "Chase the signed proposal", "Candidate interview", "Invoice question", "Project status", "Contract renewal", "Support request",
  "Introduce the team", "Follow-up on the workshop", "Reschedule the steering committee", "Payment reminder", "New requirement", "Feedback on the deliverable", "Access to the test environment",
];

export const CALL_NOTES = ["Left a message.", "Agreed on next steps.", "Wants a written summary.", "Budget approved in principle.", "Needs to check with the CFO.", "Asked for a discount.", "Happy with the progress."];

export const REJECTION_REASONS = [
  "Thursday has no description; please add one.",
  "The hours on the audit look too high; please check.",
  "Wrong project on Monday: this was support, not development.",
  "Please split travel time from client work.",
];

export const JOB_TITLES = [
  "Senior consultant", "Consultant", "Junior analyst", "Project manager", "Front-end developer", "Back-end developer", "Data engineer", "Office manager", "Account manager", "UX designer",
  "Business analyst", "Finance assistant", "Recruiter", "IT support technician", "Product owner",
];

export const MESSAGE_SUBJECTS = ["Quote request", "Partnership", "Question about an invoice", "Audit of our organisation", "Training offer", "Job application question", "Second office", "Speaking invitation", "Website feedback", "Call me back"];

export const MESSAGE_BODIES = [
  "Hello, could you send us a quote for an organisational audit of a 40-person team?",
  "We are opening a second office and need help with the organisation. Could you call me this week?",
  "We are an agency looking for a partner for joint projects.",
  "I have a question about the last invoice we received: could you check the VAT rate?",
  "Do you run training sessions on project management for managers?",
];

/** A minimal valid PDF (what the application form accepts): every application shares these bytes. */
export const SAMPLE_CV = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);
