/**
 * The demo shop's information pages (about, delivery and returns, contact): seeded into `Pages` the first time the
 * demo site starts. The storefront renders each at `/pages/<slug>` (and `/fr/pages/<slug>` …) on the server and
 * links them from its footer, ordered by `position`. Owners edit them in the console like any other collection.
 */
import type { FieldConfig } from './types.js';

type Language = 'fr' | 'de' | 'es' | 'ar';
interface DemoPage {
  slug: string;
  position: number;
  title: string;
  body: string;
  translations: Record<Language, { title: string; body: string }>;
}

const p = (...paragraphs: string[]) => paragraphs.map((text) => `<p>${text}</p>`).join('');

const pages: DemoPage[] = [
  {
    slug: 'about',
    position: 1,
    title: 'About us',
    body: p(
      'We are a small shop of everyday things: mugs and kettles for the kitchen, throws and candles for the home, notebooks for the desk and bags for the trail.',
      'We choose every product ourselves and keep the range short, so each one earns its place.',
    ),
    translations: {
      fr: {
        title: 'À propos',
        body: p(
          'Nous sommes une petite boutique d’objets du quotidien : mugs et bouilloires pour la cuisine, plaids et bougies pour la maison, carnets pour le bureau et sacs pour la randonnée.',
          'Nous choisissons chaque produit nous-mêmes et gardons une gamme courte : chacun mérite sa place.',
        ),
      },
      de: {
        title: 'Über uns',
        body: p(
          'Wir sind ein kleiner Laden für Dinge des Alltags: Becher und Kessel für die Küche, Decken und Kerzen für zu Hause, Notizbücher für den Schreibtisch und Taschen für unterwegs.',
          'Wir wählen jedes Produkt selbst aus und halten das Sortiment klein, damit jedes seinen Platz verdient.',
        ),
      },
      es: {
        title: 'Quiénes somos',
        body: p(
          'Somos una pequeña tienda de cosas de todos los días: tazas y hervidores para la cocina, mantas y velas para el hogar, cuadernos para el escritorio y bolsas para el camino.',
          'Elegimos cada producto nosotros mismos y mantenemos una selección corta, para que cada uno merezca su lugar.',
        ),
      },
      ar: {
        title: 'من نحن',
        body: p(
          'نحن متجر صغير لأشياء الحياة اليومية: أكواب وغلايات للمطبخ، وأغطية وشموع للمنزل، ودفاتر للمكتب، وحقائب للرحلات.',
          'نختار كل منتج بأنفسنا ونُبقي التشكيلة صغيرة، ليستحق كل منتج مكانه.',
        ),
      },
    },
  },
  {
    slug: 'delivery-and-returns',
    position: 2,
    title: 'Delivery and returns',
    body:
      '<h2>Delivery</h2>' +
      p(
        '<strong>Standard delivery</strong> takes 3–5 working days and is free on orders above $100. <strong>Express delivery</strong> takes 1–2 working days. Each method’s price for your country is shown at checkout.',
      ) +
      '<h2>Returns</h2>' +
      p(
        'Changed your mind? Send the product back unused within 30 days of delivery and we refund it, delivery included. Write to us first so we can tell you where to send it.',
      ),
    translations: {
      fr: {
        title: 'Livraison et retours',
        body:
          '<h2>Livraison</h2>' +
          p(
            'La <strong>livraison standard</strong> prend 3 à 5 jours ouvrés et est offerte au-delà de 100 $ d’achat. La <strong>livraison express</strong> prend 1 à 2 jours ouvrés. Le prix de chaque mode pour votre pays est indiqué au moment de la commande.',
          ) +
          '<h2>Retours</h2>' +
          p(
            'Vous avez changé d’avis ? Renvoyez le produit inutilisé dans les 30 jours suivant la livraison et nous le remboursons, livraison comprise. Écrivez-nous d’abord pour savoir où l’envoyer.',
          ),
      },
      de: {
        title: 'Versand und Rückgabe',
        body:
          '<h2>Versand</h2>' +
          p(
            'Der <strong>Standardversand</strong> dauert 3–5 Werktage und ist ab 100 $ Bestellwert kostenlos. Der <strong>Expressversand</strong> dauert 1–2 Werktage. Den Preis jeder Versandart für Ihr Land sehen Sie an der Kasse.',
          ) +
          '<h2>Rückgabe</h2>' +
          p(
            'Anders entschieden? Schicken Sie das Produkt unbenutzt innerhalb von 30 Tagen nach der Lieferung zurück, und wir erstatten es samt Versand. Schreiben Sie uns vorher, damit wir Ihnen sagen, wohin.',
          ),
      },
      es: {
        title: 'Envíos y devoluciones',
        body:
          '<h2>Envíos</h2>' +
          p(
            'El <strong>envío estándar</strong> tarda de 3 a 5 días laborables y es gratis en pedidos de más de 100 $. El <strong>envío exprés</strong> tarda de 1 a 2 días laborables. El precio de cada método para tu país aparece al pagar.',
          ) +
          '<h2>Devoluciones</h2>' +
          p(
            '¿Has cambiado de idea? Devuelve el producto sin usar en los 30 días siguientes a la entrega y te reembolsamos, envío incluido. Escríbenos antes para indicarte adónde enviarlo.',
          ),
      },
      ar: {
        title: 'التوصيل والإرجاع',
        body:
          '<h2>التوصيل</h2>' +
          p(
            'يستغرق <strong>التوصيل العادي</strong> من 3 إلى 5 أيام عمل، وهو مجاني للطلبات التي تزيد على 100 دولار. ويستغرق <strong>التوصيل السريع</strong> من يوم إلى يومين. يظهر سعر كل طريقة لبلدك عند إتمام الطلب.',
          ) +
          '<h2>الإرجاع</h2>' +
          p(
            'غيّرت رأيك؟ أعد المنتج غير مستعمل خلال 30 يومًا من التسليم ونعيد لك ثمنه مع التوصيل. راسلنا أولًا لنخبرك إلى أين ترسله.',
          ),
      },
    },
  },
  {
    slug: 'contact',
    position: 3,
    title: 'Contact us',
    body: p(
      'Questions about an order, a product or a return? Write to <a href="mailto:hello@example.com">hello@example.com</a> with your order number if you have one.',
      'We answer within two working days.',
    ),
    translations: {
      fr: {
        title: 'Nous contacter',
        body: p(
          'Une question sur une commande, un produit ou un retour ? Écrivez à <a href="mailto:hello@example.com">hello@example.com</a> en indiquant votre numéro de commande si vous en avez un.',
          'Nous répondons sous deux jours ouvrés.',
        ),
      },
      de: {
        title: 'Kontakt',
        body: p(
          'Fragen zu einer Bestellung, einem Produkt oder einer Rückgabe? Schreiben Sie an <a href="mailto:hello@example.com">hello@example.com</a>, wenn vorhanden mit Ihrer Bestellnummer.',
          'Wir antworten innerhalb von zwei Werktagen.',
        ),
      },
      es: {
        title: 'Contacto',
        body: p(
          '¿Preguntas sobre un pedido, un producto o una devolución? Escribe a <a href="mailto:hello@example.com">hello@example.com</a> con tu número de pedido si lo tienes.',
          'Respondemos en dos días laborables.',
        ),
      },
      ar: {
        title: 'اتصل بنا',
        body: p(
          'لديك سؤال عن طلب أو منتج أو إرجاع؟ راسلنا على <a href="mailto:hello@example.com">hello@example.com</a> مع رقم طلبك إن وُجد.',
          'نرد خلال يومَي عمل.',
        ),
      },
    },
  },
];

export function demoPages(): Record<string, unknown>[] {
  return pages.map(({ slug, position, title, body, translations }) => ({
    _id: slug,
    slug,
    position,
    title,
    body,
    translations,
  }));
}

export const PAGE_FIELDS: FieldConfig[] = [
  { key: 'title', type: 'text', required: true, label: 'Title' },
  { key: 'slug', type: 'text', required: true, label: 'Web address', help: 'The last part of /pages/…' },
  { key: 'body', type: 'richtext', required: false, label: 'Text' },
  {
    key: 'position',
    type: 'number',
    required: false,
    label: 'Place in the footer',
    help: 'Footer links go from the lowest number; a page without one is not linked',
  },
];
