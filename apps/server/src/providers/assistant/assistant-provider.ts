/**
 * Who answers the message centre's AI assistant (issue 24): none by default (the tab says it is
 * off), or an OpenAI-compatible chat-completions endpoint a merchant configures (`assistant:set`).
 */
export interface AssistantProvider {
  answer(question: string, language: string): Promise<string>;
}

/** The tenant's settings that make an assistant: where it is, its key and its model. */
export const ASSISTANT_CONFIG_KEYS = {
  url: 'assistant.url',
  apiKey: 'assistant.key',
  model: 'assistant.model',
} as const;

/** The assistant the tenant's settings (`ASSISTANT_CONFIG_KEYS`) make; null where none is set up. */
export function assistantFrom(settings: Map<string, string>): AssistantProvider | null {
  const url = settings.get(ASSISTANT_CONFIG_KEYS.url);
  if (!url) return null;
  return new OpenAiCompatibleAssistant(
    url,
    settings.get(ASSISTANT_CONFIG_KEYS.apiKey) ?? '',
    settings.get(ASSISTANT_CONFIG_KEYS.model) ?? '',
  );
}

/** An answer is awaited this long at most; the user is told to try again later. */
const ANSWER_TIMEOUT_MS = 20_000;

/** An OpenAI-compatible endpoint: `POST {url}/chat/completions` with the model and the question. */
export class OpenAiCompatibleAssistant implements AssistantProvider {
  constructor(
    private readonly url: string,
    private readonly apiKey: string,
    private readonly model: string,
  ) {}

  async answer(question: string, language: string): Promise<string> {
    const reply = await fetch(`${this.url.replace(/\/$/, '')}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.apiKey}` },
      body: JSON.stringify({
        model: this.model,
        messages: [
          {
            role: 'system',
            content: `You are the customer assistant of a cloud-phone service. Answer briefly, in ${language}.`,
          },
          { role: 'user', content: question },
        ],
      }),
      signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
    });
    if (!reply.ok) throw new Error(`assistant answered HTTP ${reply.status}`);
    const body = (await reply.json()) as { choices?: { message?: { content?: unknown } }[] };
    const text = body.choices?.[0]?.message?.content;
    if (typeof text !== 'string' || text.trim() === '') throw new Error('assistant gave no answer');
    return text.trim();
  }
}
