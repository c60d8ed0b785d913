// The language a text is written in, as an ISO 639-1 code ('und' when it cannot be told),
// for translation: a text already in the target language is not sent to the provider.
//
// Chinese, Japanese and Korean are told apart by their scripts, which is exact where
// statistics on a few characters are not: kana means Japanese, hangul Korean, and Han
// characters without either Chinese (Japanese written in kanji alone is rare in a post).
// Other scripts go to tinyld (MIT, pure JavaScript, no dependencies, 62 languages).
//
// NOTE (the choice, measured on Node 20 with short community sentences in en, fr, de, es,
// ru): eld 2.1.0 (Apache-2.0) mislabels fewest, but it ships as ES modules only, so it loads
// with the server: +30 MB of heap and ~0.4 s for every process and every test file that
// builds the app, translation configured or not. franc-min 6.2.0 mislabels short text most
// (English as Italian, German as French, Russian as Serbian). tinyld 1.3.4 has a CommonJS
// build, so it is loaded here on the first call that needs it (~0.3 s, +8 MB of heap);
// where its top two guesses are close (its usual mistake on a few words) the answer is
// 'und' instead of a wrong language.
import { createRequire } from 'node:module';

type Tinyld = { detectAll(text: string): { lang: string; accuracy: number }[] };

let tinyld: Tinyld | null = null;
function loadTinyld(): Tinyld {
  tinyld ??= createRequire(import.meta.url)('tinyld') as Tinyld;
  return tinyld;
}

/** URLs, e-mail addresses and @names are not the language of the text around them. */
const NOT_LANGUAGE = /https?:\/\/\S+|www\.\S+|\S+@\S+\.\S+|@[\p{L}\p{N}_-]+|#[^#\s]+#/gu;

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

/** A text in a CJK script is a CJK text when its characters outweigh the Latin letters around them. */
const CJK_WEIGHT = 3;

/** The top guess counts only when it is this many times as likely as the next… */
const CLEAR_LEAD = 1.25;
/** …and not a shot in the dark (tinyld's scores for a sentence it knows are ≥ 0.07). */
const MIN_ACCURACY = 0.05;

export function detectLanguage(text: string): string {
  const cleaned = text.replace(NOT_LANGUAGE, ' ');
  const kana = count(cleaned, /[\p{Script=Hiragana}\p{Script=Katakana}]/gu);
  const hangul = count(cleaned, /\p{Script=Hangul}/gu);
  const han = count(cleaned, /\p{Script=Han}/gu);
  const latin = count(cleaned, /\p{Script=Latin}/gu);
  if (kana > 0 && (kana + han) * CJK_WEIGHT >= latin) return 'ja';
  if (hangul > 0 && hangul * CJK_WEIGHT >= latin) return 'ko';
  if (han > 0 && han * CJK_WEIGHT >= latin) return 'zh';

  // The rest of the text, without the few CJK characters it may hold (a name, a place).
  const rest = cleaned.replace(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu, ' ');
  if (!/\p{L}/u.test(rest)) return 'und';
  const [first, second] = loadTinyld().detectAll(rest);
  if (!first?.lang || first.accuracy < MIN_ACCURACY) return 'und';
  if (second && first.accuracy < second.accuracy * CLEAR_LEAD) return 'und';
  return first.lang;
}
