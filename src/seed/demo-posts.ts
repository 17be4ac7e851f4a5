// Demo posts (SEED_DEMO=1): every post type in both languages, and more than one page (9) of
// Iraqi law posts in English so pagination shows at once. Law posts are awareness summaries.
// Posts that say the same thing in both languages share a `pair` and are linked as translations.
import type { Language, PostType } from '@shared/domain';

export interface DemoPost {
  title: string;
  describtion: string;
  language: Language;
  type: PostType;
  video?: string;
  withPdf?: boolean;
  albumSize?: number;
  /** The English and the Arabic post with the same pair are linked as each other's translation. */
  pair?: string;
}

const HELP_EN = 'If you recognise this situation, you can call the free hotline 533 at any hour, or visit one of the branches on the service map. Help is confidential and does not depend on your papers.';
const HELP_AR = 'إذا تعرّفت على هذا الوضع، يمكنك الاتصال بالخط الساخن المجاني 533 في أي وقت، أو زيارة أحد الفروع على خريطة الخدمات. المساعدة سرّية ولا تتوقف على أوراقك الثبوتية.';
const LAW_NOTE_EN = 'This is a plain-language summary for awareness; the official text published in the Iraqi Gazette is the reference.';
const LAW_NOTE_AR = 'هذا ملخّص مبسّط لأغراض التوعية؛ والمرجع هو النص الرسمي المنشور في جريدة الوقائع العراقية.';

const iraqLawEn: [string, string][] = [
  ['Law No. 28 of 2012 on Combating Human Trafficking', 'Iraq adopted its Anti-Human Trafficking Law in 2012. It defines trafficking, sets penalties for traffickers and, for the first time, lists the rights of victims to protection and care.'],
  ['Article 1: what the law calls human trafficking', 'Trafficking is the recruitment, transport, harbouring or receipt of persons by threat, force, abduction, fraud, deception or the abuse of power, or by giving money or benefits to someone who controls another person, in order to sell or exploit them.'],
  ['The Central Committee to Combat Human Trafficking', 'The law creates a central committee, chaired at the Ministry of Interior, with representatives of the ministries of justice, labour, health, foreign affairs and human rights, and of the Kurdistan Region. It coordinates the national plan and reports every year.'],
  ['Penalties for traffickers', 'Anyone who commits the crime of trafficking faces imprisonment and a heavy fine. Penalties rise when the trafficker used force or deception, when the crime was committed by an organised group, or when it crossed a border.'],
  ['Aggravated penalties when the victim is a child', 'When the victim is under eighteen, a woman, or a person with a disability, or when the trafficker is a relative or guardian, the law provides the heaviest penalties, up to life imprisonment.'],
  ['Victims are not criminals', 'A victim is not punished for acts they were forced to commit as a direct result of being trafficked, such as working without a permit or using false documents provided by the trafficker.'],
  ['The right to shelter and care', 'Victims have the right to safe accommodation, medical and psychological care, and help to rebuild their lives. Ministries provide shelters in cooperation with civil-society organisations.'],
  ['The right to legal aid and an interpreter', 'Victims have the right to legal advice about their situation, to a lawyer during investigation and trial, and to an interpreter when they do not speak Arabic or Kurdish.'],
  ['Protection of identity and privacy', 'The identity of victims and witnesses is protected during investigation and trial. Their names and pictures must not be published.'],
  ['Foreign victims: staying or returning safely', 'A foreign victim may stay in Iraq for the time needed for recovery and legal proceedings, and is helped to return home safely and voluntarily.'],
  ['Forced labour and the labour law', 'Iraq\'s Labour Law No. 37 of 2015 prohibits forced labour and child labour. Employers may not keep workers\' passports or withhold wages to prevent them from leaving.'],
  ['Reporting a case: what happens next', 'A report to 533 or to the police opens an investigation. The victim is referred to care services immediately, whether or not they take part in the case against the trafficker.'],
  ['Compensation for victims', 'The court may order the trafficker to compensate the victim for the harm suffered, including lost wages and the cost of treatment.'],
];

/** Each with the index of the English summary it translates. */
const iraqLawAr: [string, string, number][] = [
  ['قانون مكافحة الاتجار بالبشر رقم 28 لسنة 2012', 'أقرّ العراق قانون مكافحة الاتجار بالبشر عام 2012. يعرّف القانون جريمة الاتجار، ويحدد عقوبات المتاجرين، ويضع لأول مرة حقوق الضحايا في الحماية والرعاية.', 0],
  ['المادة الأولى: تعريف الاتجار بالبشر', 'الاتجار هو تجنيد أشخاص أو نقلهم أو إيواؤهم أو استقبالهم بالتهديد أو القوة أو الاختطاف أو الاحتيال أو الخداع أو استغلال السلطة، أو بإعطاء أموال أو مزايا لمن له سلطة على شخص آخر، بهدف بيعهم أو استغلالهم.', 1],
  ['حقوق الضحايا في الحماية والرعاية', 'للضحايا الحق في السكن الآمن والرعاية الطبية والنفسية والمساعدة القانونية والمترجم، وحماية هويتهم وخصوصيتهم أثناء التحقيق والمحاكمة.', 6],
  ['الضحية ليست مجرماً', 'لا يُعاقَب الضحية على أفعال أُجبر على ارتكابها نتيجة مباشرة للاتجار به، مثل العمل دون تصريح أو استخدام وثائق مزوّرة قدّمها المتاجر.', 5],
];

const otherPosts: DemoPost[] = [
  { type: 'International', language: 'en', pair: 'palermo', title: 'The Palermo Protocol', describtion: 'The United Nations Protocol to Prevent, Suppress and Punish Trafficking in Persons, Especially Women and Children, adopted in Palermo in 2000, gives the international definition of trafficking used by most countries, including Iraq. It asks states to criminalise trafficking, protect victims and cooperate across borders.' },
  { type: 'International', language: 'en', pair: 'ilo', title: 'ILO Forced Labour Convention', describtion: 'The International Labour Organization\'s Forced Labour Convention (No. 29) and its 2014 Protocol require states to prevent forced labour, protect victims and give them access to remedies, including compensation.' },
  { type: 'International', language: 'ar', pair: 'palermo', title: 'بروتوكول باليرمو', describtion: 'يضع بروتوكول الأمم المتحدة لمنع وقمع ومعاقبة الاتجار بالأشخاص، وبخاصة النساء والأطفال، المعتمد في باليرمو عام 2000، التعريف الدولي للاتجار الذي تعتمده معظم الدول ومنها العراق. ويدعو الدول إلى تجريم الاتجار وحماية الضحايا والتعاون عبر الحدود.' },
  { type: 'International', language: 'ar', pair: 'ilo', title: 'اتفاقية منظمة العمل الدولية بشأن العمل الجبري', describtion: 'تُلزم اتفاقية العمل الجبري رقم 29 وبروتوكولها لعام 2014 الدول بمنع العمل الجبري وحماية الضحايا وتمكينهم من الانتصاف، بما في ذلك التعويض.' },
  { type: 'Training', language: 'en', pair: 'identifying', title: 'Identifying victims: a course for frontline officers', describtion: 'A two-day course for police, border guards and labour inspectors: the indicators of trafficking, how to interview a possible victim safely, and how to refer them to care without delay.', withPdf: true },
  { type: 'Training', language: 'en', pair: 'trauma', title: 'Trauma-informed interviewing', describtion: 'How to talk to survivors without causing further harm: choosing a safe place, explaining the process, letting the person decide the pace, and working with interpreters.' },
  { type: 'Training', language: 'ar', pair: 'identifying', title: 'التعرّف على الضحايا: دورة للعاملين في الخطوط الأمامية', describtion: 'دورة لمدة يومين لعناصر الشرطة وحرس الحدود ومفتشي العمل: مؤشرات الاتجار، وكيفية مقابلة الضحية المحتملة بأمان، وإحالتها إلى الرعاية دون تأخير.', withPdf: true },
  { type: 'Training', language: 'ar', pair: 'trauma', title: 'المقابلة المراعية للصدمات', describtion: 'كيف نتحدث مع الناجين دون التسبب بأذى إضافي: اختيار مكان آمن، وشرح الإجراءات، وترك الشخص يحدد الإيقاع، والعمل مع المترجمين.' },
  { type: 'Guide', language: 'en', pair: 'domestic', title: 'Guide for migrant domestic workers', describtion: 'Your rights when you work in a home in Iraq: your passport belongs to you, you must be paid every month, you have the right to rest, and you can leave an abusive employer. Keep a copy of your documents and the hotline number. The Erbil office answers on +964 750 000 0301.', albumSize: 3 },
  { type: 'Guide', language: 'en', pair: 'abroad', title: 'Safe job offers abroad: five questions to ask', describtion: 'Before accepting a job abroad, ask: Is the agency licensed? Will I sign a contract in my language? Who keeps my passport? Do I pay any fee? Who do I call if something goes wrong?' },
  { type: 'Guide', language: 'ar', pair: 'domestic', title: 'دليل عاملات المنازل المهاجرات', describtion: 'حقوقك عندما تعملين في منزل في العراق: جواز سفرك ملكك، ويجب أن تتقاضي أجرك كل شهر، ولكِ الحق في الراحة، ويمكنك ترك صاحب العمل المسيء. احتفظي بنسخة من وثائقك وبرقم الخط الساخن. يجيب مكتب أربيل على الرقم +964 750 000 0301.', albumSize: 3 },
  { type: 'Guide', language: 'ar', pair: 'abroad', title: 'عروض العمل في الخارج: خمسة أسئلة قبل القبول', describtion: 'قبل قبول عمل في الخارج اسأل: هل الوكالة مرخّصة؟ هل سأوقّع عقداً بلغتي؟ من يحتفظ بجواز سفري؟ هل أدفع أي رسوم؟ بمن أتصل إذا ساءت الأمور؟' },
  { type: 'Form', language: 'en', pair: 'referral', title: 'Referral form for service providers', describtion: 'A one-page form that NGOs and public services use to refer a possible victim to case management, with the person\'s consent. Fill it in together with the person.', withPdf: true },
  { type: 'Form', language: 'ar', pair: 'referral', title: 'استمارة الإحالة لمقدّمي الخدمات', describtion: 'استمارة من صفحة واحدة تستخدمها المنظمات والدوائر الحكومية لإحالة ضحية محتملة إلى إدارة الحالة، بموافقة الشخص. تُملأ بالاشتراك مع الشخص نفسه.', withPdf: true },
  { type: 'Flyer And Brochure', language: 'en', pair: 'flyer', title: 'Flyer: Know the signs', describtion: 'A printable flyer with the main signs of trafficking and the hotline 533, for notice boards in schools, clinics, bus stations and camps.', withPdf: true },
  { type: 'Flyer And Brochure', language: 'ar', pair: 'flyer', title: 'منشور: تعرّف على العلامات', describtion: 'منشور قابل للطباعة يتضمن أهم علامات الاتجار والخط الساخن 533، للوحات الإعلانات في المدارس والعيادات ومحطات النقل والمخيمات.', withPdf: true },
];

function withClosing(post: DemoPost): DemoPost {
  const closing = post.language === 'ar' ? HELP_AR : HELP_EN;
  return { ...post, describtion: `${post.describtion}\n\n${closing}` };
}

export const demoPosts: DemoPost[] = [
  ...iraqLawEn.map(([title, text], index): DemoPost => ({ type: 'Iraq', language: 'en', title, describtion: `${text}\n\n${LAW_NOTE_EN}`, pair: `law-${index}` })),
  ...iraqLawAr.map(([title, text, english]): DemoPost => ({ type: 'Iraq', language: 'ar', title, describtion: `${text}\n\n${LAW_NOTE_AR}`, pair: `law-${english}` })),
  ...otherPosts,
].map(withClosing);
