// The date an out-of-office message says its sender is back: "I will be back on 2 December",
// "returning Monday 7th", "back on 12/03/2026", "de retour le 3 mars", "ab dem 2. Dezember",
// "hasta el 5 de enero", "tot en met 4 januari", "fino al 6 gennaio", "até 7 de fevereiro".
// Conservative: a date is taken only right after words that announce a return (or "until"), and
// only when it reads one way; a numeric date such as 03/04 that could be either order is taken only
// when one reading alone falls in the coming half year. Nothing found → null.

const MONTHS: Record<string, number> = {};
const MONTH_NAMES = [
  "january jan janvier janv januar jänner enero janeiro januari gennaio gen",
  "february feb fevr février fév februar febrero fevereiro fev februari febbraio",
  "march mar mars märz maerz marzo março marco maart",
  "april apr avril avr abril aprile",
  "may mai mayo maio mei maggio",
  "june jun juin juni junio junho giugno",
  "july jul juillet juil juli julio julho luglio",
  "august aug août aout agosto augustus",
  "september sep sept septembre septiembre setiembre setembro settembre",
  "october oct octobre oktober octubre outubro ottobre okt",
  "november nov novembre noviembre novembro",
  "december dec décembre decembre dezember diciembre dezembro dicembre dez",
];
MONTH_NAMES.forEach((names, month) => names.split(" ").forEach((name) => (MONTHS[name] = month)));

const WEEKDAYS: Record<string, number> = {};
const WEEKDAY_NAMES = [
  "sunday sun dimanche sonntag domingo zondag domenica",
  "monday mon lundi montag lunes maandag lunedì lunedi segunda segunda-feira",
  "tuesday tue tues mardi dienstag martes dinsdag martedì martedi terça terca terça-feira",
  "wednesday wed mercredi mittwoch miércoles miercoles woensdag mercoledì mercoledi quarta quarta-feira",
  "thursday thu thurs jeudi donnerstag jueves donderdag giovedì giovedi quinta quinta-feira",
  "friday fri vendredi freitag viernes vrijdag venerdì venerdi sexta sexta-feira",
  "saturday sat samedi samstag sábado sabado zaterdag",
];
WEEKDAY_NAMES.forEach((names, day) => names.split(" ").forEach((name) => (WEEKDAYS[name] = day)));

const alternation = (names: string[]) => names.sort((a, b) => b.length - a.length).join("|");
const MONTH = `(${alternation(Object.keys(MONTHS))})\\.?`;
const WEEKDAY = `(${alternation(Object.keys(WEEKDAYS))})\\.?`;
const ORDINAL = "(?:st|nd|rd|th|er|e|º|°|\\.)?";

/** Words that announce when the sender is back, in the supported languages (the date follows them). */
const TRIGGER = new RegExp(
  "(?<![\\p{L}])(" +
    [
      "(?:be |i'?m |i am |will be )?back(?: in (?:the )?office| at work| in)?",
      "return(?:ing)?(?: to (?:the )?office| to work)?",
      "return date(?: is)?:?",
      "in the office (?:again )?(?:from|on)",
      "available (?:again )?(?:from|on)",
      "until|till",
      "de retour(?: au bureau)?",
      "jusqu['’]au",
      "à partir du|a partir du|dès le",
      "retour (?:prévu )?le",
      "bis(?: zum| einschließlich| einschl\\.)?",
      "ab(?: dem)?",
      "zurück(?: am| ab)?",
      "wieder (?:im büro |erreichbar |da )?(?:am|ab)",
      "hasta(?: el)?",
      "de vuelta(?: el)?",
      "regreso(?: el)?",
      "volveré(?: el)?",
      "a partir del",
      "tot en met|t/m|tot",
      "vanaf",
      "terug(?: op)?",
      "fino al",
      "rientrer[òo](?: il)?",
      "rientro(?: previsto)?(?: il)?",
      "di ritorno(?: il)?",
      "a partire dal",
      "até(?: o dia| dia| ao)?",
      "retorno(?: em| no dia| dia)?",
      "de volta(?: em| no dia)?",
      "regressarei(?: em| no dia)?",
    ].join("|") +
    ")(?![\\p{L}])",
  "giu",
);

const FILLER = /^(?:[\s,:]+|(?:on|the|le|du|am|dem|den|el|il|op|em|no|dia|o|di|de|del)(?![\p{L}]))*/iu;

const DAY_MS = 86_400_000;

interface Candidate {
  year: number | null;
  month: number;
  day: number;
}

function utc(year: number, month: number, day: number): Date | null {
  const date = new Date(Date.UTC(year, month, day));
  return date.getUTCMonth() === month && date.getUTCDate() === day ? date : null;
}

/** The candidate as a date on or after the reference (the next occurrence when it has no year). */
function resolve(candidate: Candidate, reference: Date): Date | null {
  if (candidate.year !== null) return utc(candidate.year, candidate.month, candidate.day);
  const year = reference.getUTCFullYear();
  const thisYear = utc(year, candidate.month, candidate.day);
  if (thisYear && thisYear.getTime() >= reference.getTime() - DAY_MS) return thisYear;
  return utc(year + 1, candidate.month, candidate.day);
}

function fullYear(value: string | undefined): number | null {
  if (!value) return null;
  const year = Number(value);
  return value.length === 2 ? 2000 + year : year;
}

/** The dates the text right after a trigger may mean (more than one when a numeric date reads both ways). */
function readDate(window: string, reference: Date): Date[] {
  const text = window.replace(FILLER, "");
  let match = /^(\d{4})-(\d{2})-(\d{2})\b/.exec(text);
  if (match) return [utc(Number(match[1]), Number(match[2]) - 1, Number(match[3]))].filter((date): date is Date => !!date);
  const weekday = new RegExp(`^${WEEKDAY},?\\s*(?:the\\s+|le\\s+|den\\s+|el\\s+|il\\s+)?`, "iu").exec(text);
  const rest = weekday ? text.slice(weekday[0].length) : text;
  const weekdayIndex = weekday ? WEEKDAYS[weekday[1]!.toLowerCase()]! : null;
  const candidates: Candidate[] = [];
  if ((match = new RegExp(`^(\\d{1,2})${ORDINAL}\\s*(?:de\\s+|of\\s+)?${MONTH}(?:,?\\s*(?:de\\s+|del\\s+)?(\\d{4}))?(?![\\p{L}])`, "iu").exec(rest))) {
    candidates.push({ day: Number(match[1]), month: MONTHS[match[2]!.toLowerCase()]!, year: fullYear(match[3]) });
  } else if ((match = new RegExp(`^${MONTH}\\s+(\\d{1,2})${ORDINAL}(?:,?\\s*(\\d{4}))?(?![\\p{L}\\d])`, "iu").exec(rest))) {
    candidates.push({ day: Number(match[2]), month: MONTHS[match[1]!.toLowerCase()]!, year: fullYear(match[3]) });
  } else if ((match = /^(\d{1,2})([./-])(\d{1,2})(?:\2(\d{4}|\d{2}))?(?![\d/-])/.exec(rest))) {
    const [first, second, year] = [Number(match[1]), Number(match[3]), fullYear(match[4])];
    // With dots the day comes first (German, Dutch); with slashes or dashes either order may be meant.
    candidates.push({ day: first, month: second - 1, year });
    if (match[2] !== "." && first <= 12 && second <= 12 && first !== second) candidates.push({ day: second, month: first - 1, year });
    if (match[2] !== "." && first <= 12 && second > 12) candidates.splice(0, 1, { day: second, month: first - 1, year });
  } else if (weekdayIndex !== null && (match = /^(\d{1,2})(?:st|nd|rd|th|\.)?(?![\d\p{L}])/u.exec(rest))) {
    // "Monday 7th": the next date with that day of the month falling on that weekday.
    const day = Number(match[1]);
    for (let offset = 0; offset <= 62; offset++) {
      const date = new Date(Date.UTC(reference.getUTCFullYear(), reference.getUTCMonth(), reference.getUTCDate() + offset));
      if (date.getUTCDate() === day && date.getUTCDay() === weekdayIndex) return [date];
    }
    return [];
  } else if (weekdayIndex !== null) {
    // "back on Monday": the next Monday after the message.
    const ahead = ((weekdayIndex - reference.getUTCDay() + 7) % 7) || 7;
    return [new Date(Date.UTC(reference.getUTCFullYear(), reference.getUTCMonth(), reference.getUTCDate() + ahead))];
  }
  return candidates
    .map((candidate) => resolve(candidate, reference))
    .filter((date): date is Date => !!date && (weekdayIndex === null || date.getUTCDay() === weekdayIndex));
}

/** The stated return date as yyyy-mm-dd, or null when the text states none clearly. `receivedAt` (ISO) anchors dates without a year. */
export function findReturnDate(text: string, receivedAt: string): string | null {
  const parsed = Date.parse(receivedAt);
  if (Number.isNaN(parsed)) return null;
  const received = new Date(parsed);
  const reference = new Date(Date.UTC(received.getUTCFullYear(), received.getUTCMonth(), received.getUTCDate()));
  const sample = text.slice(0, 4000).replace(/\s+/g, " ");
  for (const trigger of sample.matchAll(TRIGGER)) {
    const window = sample.slice(trigger.index + trigger[0].length, trigger.index + trigger[0].length + 60);
    const dates = readDate(window, reference).filter((date) => date.getTime() >= reference.getTime() - DAY_MS && date.getTime() <= reference.getTime() + 183 * DAY_MS);
    const distinct = [...new Set(dates.map((date) => date.toISOString().slice(0, 10)))];
    if (distinct.length === 1) return distinct[0]!;
    // A date that reads two ways is left alone rather than guessed, as is any later one.
    if (dates.length > 1) return null;
  }
  return null;
}
