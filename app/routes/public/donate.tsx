import { redirect } from "react-router";
import { type AppContext, appContext } from "#app-context";
import {
  type CheckoutSession,
  DONATION_FAILED_MESSAGE,
  REDIRECT_FAILED_MESSAGE,
} from "../../../core/donations/donations.schema";
import { type Locale, localeOf } from "../../../core/i18n/locale";
import { OFFLINE_GIFT_MESSAGES } from "../../../core/offline-gifts/offline-gifts.schema";
import { DomainError } from "../../../core/shared/errors";
import { sitePathLang } from "../../../core/site-content/site-content.translation-fields";
import { BIRR_FIELDS, birrAmountOf } from "../../components/donation/birr-donation-form";
import { type DesignatedFund, initialSelection } from "../../components/donation/card-donation-form";
import { type DonateCardChoice, DonatePage } from "../../components/donation/donate-page";
import { FEE_COVER_FIELD } from "../../components/donation/fee-cover-field";
import { GIFT_EXTRAS_FIELDS, giftExtrasFrom } from "../../components/donation/gift-extras-fields";
import { TRANSFER_NOTICE_FAILED, TRANSFER_NOTICE_FIELDS } from "../../components/donation/transfer-notice-form";
import { replyFor } from "../../lib/form-reply";
import { handlePublicForm } from "../../lib/public-form.server";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/donate";
import { donationSettings } from "./layout";

/** The amount and need card a donate link carries (app/lib/donate-link.ts); anything else is ignored. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const query = new URL(request.url).searchParams;
  const settings = donationSettings(services, (await services.siteContent.published()).donating);
  const amount = Number(query.get("amount")) || undefined;
  const fundId = query.get("fund");
  return {
    settings,
    fund: fundId ? await designatedFund(services, fundId, localeOf(request)) : undefined,
    start: initialSelection(amount, settings),
  };
}

/**
 * The open need card a gift starts from (as `funds.titleOf` finds it: a published card), titled as
 * the page's language shows it: its English title marked on an Amharic page that has none.
 */
async function designatedFund(
  services: AppContext["services"],
  id: string,
  locale: Locale,
): Promise<DesignatedFund | undefined> {
  const { home, englishPaths } = await services.siteContentTranslations.published(locale);
  const index = home.donationNeeds.findIndex((need) => need.id === id);
  const card = home.donationNeeds[index];
  return card && { id, title: card.title, lang: sitePathLang(englishPaths.home, `donationNeeds.${index}.title`) };
}

/** The provider opened a checkout without a page to send the donor to: the pop-up says the same. */
class CheckoutRedirectError extends DomainError {
  override readonly status = 502;
}

const CARD_FIELDS = [
  "preset",
  "custom",
  "frequency",
  "designated",
  "fund",
  FEE_COVER_FIELD,
  ...GIFT_EXTRAS_FIELDS,
] as const;

/**
 * The donation page's two forms, posted without JavaScript (decision 0431). Card: the pop-up's
 * checkout call (same schema, same service), then a 303 to the provider's hosted checkout. Local:
 * the pop-up's transfer notice (`POST /api/pledges`'s service).
 */
export async function action(args: Route.ActionArgs) {
  const { donations, offlineGifts } = args.context.get(appContext).services;
  const intent = (await args.request.clone().formData()).get("intent");
  if (intent === "birr") {
    return handlePublicForm(args, {
      form: "birr",
      fields: BIRR_FIELDS,
      failure: DONATION_FAILED_MESSAGE,
      input: ({ birrPreset = "", birrCustom = "", fund, name, email, phone, coverFees, ...extras }) => ({
        currency: "ETB",
        // As for cards: the typed amount if given, otherwise the chosen preset.
        amount: birrAmountOf({ birrPreset, birrCustom }),
        ...(fund && { fund }),
        ...(coverFees === "yes" && { coverFees: true }),
        name,
        email,
        phone,
        ...giftExtrasFrom(extras),
        lang: localeOf(args.request),
      }),
      submit: async (input) => {
        const session: CheckoutSession = await donations.createCheckout(input);
        if (typeof session?.url !== "string" || !/^https?:\/\//.test(session.url)) {
          throw new CheckoutRedirectError(REDIRECT_FAILED_MESSAGE);
        }
        return redirect(session.url, 303);
      },
    });
  }
  if (intent === "pledge") {
    return handlePublicForm(args, {
      form: "pledge",
      fields: TRANSFER_NOTICE_FIELDS,
      failure: TRANSFER_NOTICE_FAILED,
      submit: (input) => offlineGifts.pledge(input),
    });
  }
  return handlePublicForm(args, {
    form: "card",
    fields: CARD_FIELDS,
    failure: DONATION_FAILED_MESSAGE,
    input: ({ preset = "", custom = "", frequency, designated, fund, coverFees, ...extras }) => ({
      // Spec §5: the custom amount if given, otherwise the chosen preset.
      amount: Number(custom.trim() !== "" ? custom.trim() : preset),
      frequency,
      ...(fund && designated !== "general" && { fund }),
      ...(coverFees === "yes" && { coverFees: true }),
      ...giftExtrasFrom(extras),
      lang: localeOf(args.request),
    }),
    submit: async (input) => {
      const session: CheckoutSession = await donations.createCheckout(input);
      if (typeof session?.url !== "string" || !/^https?:\/\//.test(session.url)) {
        throw new CheckoutRedirectError(REDIRECT_FAILED_MESSAGE);
      }
      return redirect(session.url, 303);
    },
  });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("donate.title"), description: t("donate.metaDescription"), path: "/donate" }));

export default function Donate({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, fund, start } = loaderData;
  const card = replyFor(actionData, "card");
  const pledge = replyFor(actionData, "pledge");
  const birr = replyFor(actionData, "birr");
  const choice: DonateCardChoice =
    card && !card.ok
      ? {
          preset: Number(card.values.preset) || null,
          custom: card.values.custom ?? "",
          frequency: card.values.frequency === "monthly" ? "monthly" : "one-time",
          designated: card.values.designated !== "general",
          coverFees: card.values[FEE_COVER_FIELD] === "yes",
          // Nothing the donor typed is lost: the tribute and wall fields come back as sent.
          extras: Object.fromEntries(GIFT_EXTRAS_FIELDS.map((name) => [name, card.values[name] ?? ""])),
        }
      : { ...start, frequency: "one-time", designated: fund !== undefined, coverFees: false };
  const cardError = card
    ? (card.errors.amount ??
      card.errors.frequency ??
      card.errors.fund ??
      Object.entries(card.errors).find(([name]) => /^(tribute|wall)\b/.test(name))?.[1] ??
      card.message)
    : undefined;
  return (
    <DonatePage
      settings={settings}
      fund={fund}
      choice={choice}
      cardError={cardError}
      pledge={{ reply: pledge, thanks: pledge?.ok ? OFFLINE_GIFT_MESSAGES.pledgeThanks : null }}
      birr={birr}
    />
  );
}
