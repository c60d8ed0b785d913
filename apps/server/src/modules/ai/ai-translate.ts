import { createHash } from 'node:crypto';
import { AppError, type TranslateLang } from '@evcircle/contract';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { detectLanguage } from '../../platform/ai/detect-language.ts';
import { AiProviderError, type Translator } from '../../platform/ai/types.ts';
import type { Db } from '../../platform/db.ts';
import { aiTranslations } from './ai.tables.ts';

// Translation (SPEC.md §7 translate/text; §5: the target defaults to Chinese). There is no
// honest local translator, so without a configured provider the call answers
// TRANSLATE_NOT_CONFIGURED. Text already in the target language comes back as it is, and a
// text translated once is answered from the cache: nobody pays for the same text twice.

/** How long the provider has to answer one translation. */
const TRANSLATE_TIMEOUT_MS = 20_000;

export type TranslateDeps = { db: Db; log: FastifyBaseLogger; translator: Translator | null };

export type TranslateAnswer = { translatedText: string; sourceLang: string; targetLang: TranslateLang };

function cacheKey(targetLang: TranslateLang, content: string): string {
  return createHash('sha256').update(`${targetLang}\n${content}`).digest('hex');
}

export async function translateText(
  deps: TranslateDeps,
  content: string,
  targetLang: TranslateLang,
): Promise<TranslateAnswer> {
  const { translator } = deps;
  if (!translator) throw new AppError('TRANSLATE_NOT_CONFIGURED');
  const detected = detectLanguage(content);
  if (detected === targetLang) return { translatedText: content, sourceLang: detected, targetLang };

  const hash = cacheKey(targetLang, content);
  const [cached] = await deps.db.select().from(aiTranslations).where(eq(aiTranslations.hash, hash));
  if (cached) return { translatedText: cached.translated, sourceLang: cached.sourceLang, targetLang };

  let result: { text: string; sourceLang: string };
  try {
    result = await translator.translate(
      { text: content, targetLang, ...(detected === 'und' ? {} : { sourceLang: detected }) },
      AbortSignal.timeout(TRANSLATE_TIMEOUT_MS),
    );
  } catch (err) {
    deps.log.warn({ err }, 'ai: translation failed');
    if (err instanceof AiProviderError && err.kind === 'invalid') throw new AppError('TRANSLATE_INVALID');
    throw new AppError('AI_PROVIDER_UNAVAILABLE', { what: '翻译' });
  }
  const translated = result.text.trim();
  if (translated === '') throw new AppError('TRANSLATE_EMPTY');
  const sourceLang = result.sourceLang || detected;
  await deps.db
    .insert(aiTranslations)
    .values({ hash, sourceLang, targetLang, translated })
    .onConflictDoNothing({ target: aiTranslations.hash });
  return { translatedText: translated, sourceLang, targetLang };
}
