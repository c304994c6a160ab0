import { escapeHtml } from "../lib/html.ts";
import { type MailTemplate, receivedAt } from "./template.ts";

export interface ChatQuestionData {
  brand: string;
  question: { question: string; email: string | null; at: Date };
}

export const chatQuestion: MailTemplate<ChatQuestionData> = {
  description:
    "To the store's owner when the chat passes on a question it could not answer; a reply goes to the shopper when they left an email.",
  compose({ brand, question }) {
    const received = receivedAt(question.at.toISOString());
    const answer = question.email
      ? `Reply to this email to answer them at ${question.email}.`
      : "They left no email address.";
    const text = [
      `A shopper asked the ${brand} chat something it could not answer:`,
      "",
      question.question,
      "",
      `Received ${received}. ${answer}`,
    ].join("\n");
    const html = `<p>A shopper asked the ${escapeHtml(brand)} chat something it could not answer:</p><blockquote style="white-space:pre-line">${escapeHtml(question.question)}</blockquote><p>Received ${escapeHtml(received)}. ${escapeHtml(answer)}</p>`;
    return { subject: `A question from the ${brand} chat`, text, html };
  },
};
