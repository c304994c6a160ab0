import {
  ADMIN_CONTENT_LIMITS,
  type CalloutUpdate,
  CHATBOT_COLOUR_FIELDS,
  type ChatbotConfig,
  type ChatbotUpdate,
  type MailSender,
  type MailSenderUpdate,
  type QuickAction,
} from "@storefront/domain";
import { type FormEvent, useId, useState } from "react";
import * as api from "~/lib/api";
import { useSave } from "~/lib/use-save";

function CalloutForm({ callout }: { callout: CalloutUpdate }) {
  const id = useId();
  const [messages, setMessages] = useState(
    callout.messages.map((m) => ({ label: m.label, href: m.href ?? "" })),
  );
  const { busy, run, outcome } = useSave();

  function submit(event: FormEvent) {
    event.preventDefault();
    const body: CalloutUpdate = {
      messages: messages
        .filter((m) => m.label.trim())
        .map((m) => (m.href.trim() ? { label: m.label, href: m.href } : { label: m.label })),
    };
    void run(() => api.adminContent.saveCallout(body), "The callout is saved.");
  }

  return (
    <section className="admin-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Callout above the header</h2>
      <form className="admin-discount-form" onSubmit={submit} noValidate>
        {messages.map((message, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a message's place is its identity here
          <div key={i} className="admin-field-row admin-list-item">
            <div className="admin-field admin-field-wide">
              <label htmlFor={`${id}-label-${i}`}>Message {i + 1}</label>
              <input
                id={`${id}-label-${i}`}
                value={message.label}
                maxLength={ADMIN_CONTENT_LIMITS.calloutLabel}
                onChange={(e) =>
                  setMessages(
                    messages.map((m, j) => (j === i ? { ...m, label: e.target.value } : m)),
                  )
                }
              />
            </div>
            <div className="admin-field admin-field-wide">
              <label htmlFor={`${id}-href-${i}`}>Link (optional)</label>
              <input
                id={`${id}-href-${i}`}
                value={message.href}
                placeholder="/collections/all"
                onChange={(e) =>
                  setMessages(
                    messages.map((m, j) => (j === i ? { ...m, href: e.target.value } : m)),
                  )
                }
              />
            </div>
            <button
              type="button"
              className="admin-button"
              onClick={() => setMessages(messages.filter((_, j) => j !== i))}
            >
              Remove<span className="visually-hidden"> message {i + 1}</span>
            </button>
          </div>
        ))}
        <div className="admin-filter-actions">
          <button
            type="button"
            className="admin-button"
            disabled={messages.length >= ADMIN_CONTENT_LIMITS.calloutMessages}
            onClick={() => setMessages([...messages, { label: "", href: "" }])}
          >
            Add a message
          </button>
          <button type="submit" className="admin-button admin-button-primary" disabled={busy}>
            Save the callout
          </button>
        </div>
        {outcome}
      </form>
    </section>
  );
}

function ChatbotForm({ chatbot }: { chatbot: ChatbotConfig }) {
  const id = useId();
  const [settings, setSettings] = useState<ChatbotUpdate>({
    ...(chatbot.chatbotLogo ? { chatbotLogo: chatbot.chatbotLogo } : {}),
    ...(chatbot.triggerButtonImage ? { triggerButtonImage: chatbot.triggerButtonImage } : {}),
    backgroundColor: chatbot.backgroundColor,
    headerBackgroundColor: chatbot.headerBackgroundColor,
    headerTextColor: chatbot.headerTextColor,
    inputControlsColor: chatbot.inputControlsColor,
    userTextColor: chatbot.userTextColor,
    userMessageColor: chatbot.userMessageColor,
    botTextColor: chatbot.botTextColor,
    botMessageColor: chatbot.botMessageColor,
    chatbotHeaderText: chatbot.chatbotHeaderText,
    quickActionMessages: chatbot.quickActionMessages,
  });
  const { busy, run, outcome } = useSave();
  const set = (change: Partial<ChatbotUpdate>) => setSettings({ ...settings, ...change });
  const setAction = (i: number, change: Partial<QuickAction>) =>
    set({
      quickActionMessages: settings.quickActionMessages.map((q, j) =>
        j === i ? { ...q, ...change } : q,
      ),
    });

  function submit(event: FormEvent) {
    event.preventDefault();
    const body: ChatbotUpdate = { ...settings };
    if (!body.chatbotLogo) delete body.chatbotLogo;
    if (!body.triggerButtonImage) delete body.triggerButtonImage;
    void run(() => api.adminContent.saveChatbot(body), "The chat widget is saved.");
  }

  return (
    <section className="admin-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Chat widget</h2>
      <form className="admin-discount-form" onSubmit={submit} noValidate>
        <div className="admin-field-row">
          <div className="admin-field admin-field-wide">
            <label htmlFor={`${id}-header`}>Title</label>
            <input
              id={`${id}-header`}
              value={settings.chatbotHeaderText}
              maxLength={60}
              onChange={(e) => set({ chatbotHeaderText: e.target.value })}
            />
          </div>
          <div className="admin-field admin-field-wide">
            <label htmlFor={`${id}-logo`}>Logo (a path like /media/… or https://…)</label>
            <input
              id={`${id}-logo`}
              value={settings.chatbotLogo ?? ""}
              onChange={(e) => set({ chatbotLogo: e.target.value })}
            />
          </div>
        </div>
        <fieldset className="admin-fieldset">
          <legend>Colours</legend>
          <div className="admin-field-row">
            {CHATBOT_COLOUR_FIELDS.map(([name, label]) => (
              <div className="admin-field" key={name}>
                <label htmlFor={`${id}-${name}`}>{label}</label>
                <span className="admin-colour">
                  <input
                    type="color"
                    aria-label={`${label}, picker`}
                    value={/^#[0-9a-fA-F]{6}$/.test(settings[name]) ? settings[name] : "#000000"}
                    onChange={(e) => set({ [name]: e.target.value })}
                  />
                  <input
                    id={`${id}-${name}`}
                    size={8}
                    value={settings[name]}
                    onChange={(e) => set({ [name]: e.target.value })}
                  />
                </span>
              </div>
            ))}
          </div>
        </fieldset>
        <fieldset className="admin-fieldset">
          <legend>Quick replies</legend>
          {settings.quickActionMessages.map((action, i) => (
            <div key={action.id} className="admin-field-row admin-list-item">
              <div className="admin-field">
                <label htmlFor={`${id}-qa-label-${i}`}>Button {i + 1}</label>
                <input
                  id={`${id}-qa-label-${i}`}
                  value={action.label}
                  maxLength={80}
                  onChange={(e) => setAction(i, { label: e.target.value })}
                />
              </div>
              <div className="admin-field admin-field-wide">
                <label htmlFor={`${id}-qa-message-${i}`}>Sends</label>
                <input
                  id={`${id}-qa-message-${i}`}
                  value={action.message}
                  onChange={(e) => setAction(i, { message: e.target.value })}
                />
              </div>
              <button
                type="button"
                className="admin-button"
                onClick={() =>
                  set({
                    quickActionMessages: settings.quickActionMessages.filter((_, j) => j !== i),
                  })
                }
              >
                Remove<span className="visually-hidden"> button {i + 1}</span>
              </button>
            </div>
          ))}
          <button
            type="button"
            className="admin-button"
            disabled={settings.quickActionMessages.length >= ADMIN_CONTENT_LIMITS.quickActions}
            onClick={() =>
              set({
                quickActionMessages: [
                  ...settings.quickActionMessages,
                  { id: `reply-${Date.now().toString(36)}`, label: "", message: "" },
                ],
              })
            }
          >
            Add a quick reply
          </button>
        </fieldset>
        <div className="admin-filter-actions">
          <button type="submit" className="admin-button admin-button-primary" disabled={busy}>
            Save the chat widget
          </button>
        </div>
        {outcome}
      </form>
    </section>
  );
}

function MailSenderForm({ sender }: { sender: MailSender }) {
  const id = useId();
  const [name, setName] = useState(sender.name ?? "");
  const [address, setAddress] = useState(sender.address ?? "");
  const { busy, run, outcome } = useSave();

  function submit(event: FormEvent) {
    event.preventDefault();
    const body: MailSenderUpdate = {
      name: name.trim() || null,
      address: address.trim() || null,
    };
    void run(
      () => api.adminContent.saveMailSender(body),
      "The sender is saved: the store's next mail is from it.",
    );
  }

  return (
    <section className="admin-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Mail to shoppers</h2>
      <p>
        Your mail is sent as <strong>{sender.from}</strong>; replies go to{" "}
        <strong>{sender.replyTo}</strong>. Leave a field empty for the store's name or the
        platform's address. Your own address needs your domain to let the platform send for it (SPF
        and DKIM), or mail from it may be marked as spam.
      </p>
      <form className="admin-discount-form" onSubmit={submit} noValidate>
        <div className="admin-field-row">
          <div className="admin-field">
            <label htmlFor={`${id}-name`}>Sender's name</label>
            <input
              id={`${id}-name`}
              value={name}
              maxLength={80}
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <div className="admin-field">
            <label htmlFor={`${id}-address`}>Sender's address</label>
            <input
              id={`${id}-address`}
              type="email"
              value={address}
              maxLength={254}
              autoComplete="off"
              onChange={(e) => setAddress(e.target.value)}
            />
          </div>
        </div>
        <div className="admin-filter-actions">
          <button type="submit" className="admin-button admin-button-primary" disabled={busy}>
            Save the sender
          </button>
        </div>
        {outcome}
      </form>
    </section>
  );
}

/** The callout above the store's header, the chat widget and the mail sender, each saved apart. */
export function StorefrontSettings({
  callout,
  chatbot,
  sender,
}: {
  callout: CalloutUpdate;
  chatbot: ChatbotConfig;
  sender: MailSender;
}) {
  return (
    <>
      <div className="admin-heading">
        <h1>Callout, chat and mail</h1>
      </div>
      <div className="admin-stack">
        <CalloutForm callout={callout} />
        <ChatbotForm chatbot={chatbot} />
        <MailSenderForm sender={sender} />
      </div>
    </>
  );
}
