/*
 * Words that say nothing about what a text is about, per language (docs/decisions/047): each list
 * is Snowball's (the one PostgreSQL's text-search configuration of the language drops, so search
 * and topics agree on what a word is) and what key phrases also must not be made of: the other
 * forms of pronouns and auxiliaries, adverbs of time, frequency and degree ("always", "within",
 * «всегда», «toujours»), the commonest verbs, number words and ordinals. Nouns and adjectives
 * are not here, even common ones ("round", "week", "new"): "seed round" and "new customers" are
 * phrases. Lower case; apostrophes as "'".
 */

const words = (...lines: string[]) => lines.join(' ').split(/\s+/).filter(Boolean);

const ENGLISH = words(
  // Snowball
  "i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it its itself they them their theirs themselves what which who whom this that these those am is are was were be been being have has had having do does did doing would should could ought i'm you're he's she's it's we're they're i've you've we've they've i'd you'd he'd she'd we'd they'd i'll you'll he'll she'll we'll they'll isn't aren't wasn't weren't hasn't haven't hadn't doesn't don't didn't won't wouldn't shan't shouldn't can't cannot couldn't mustn't let's that's who's what's here's there's when's where's why's how's a an the and but if or because as until while of at by for with about against between into through during before after above below to from up down in out on off over under again further then once here there when where why how all any both each few more most other some such no nor not only own same so than too very",
  // modal and auxiliary verbs, pronouns, determiners
  "will shall can may might must us ain't whose whatever whichever whoever whomever whenever wherever anyone anybody anything everyone everybody everything someone somebody something noone nobody nothing none either neither another many much several various every else",
  // prepositions and conjunctions
  'within without across along among amongst around behind beside besides beyond despite except inside outside onto toward towards upon via per since unless whether though although however therefore thus hence whereas',
  // adverbs of time, frequency, degree and manner
  'yet still even most ever never always often sometimes usually rarely seldom already also just really quite rather almost nearly enough especially perhaps maybe probably actually simply instead otherwise anyway anyhow elsewhere everywhere somewhere anywhere nowhere together apart away back now today tomorrow yesterday ago soon later lately recently again twice mostly mainly fully truly certainly definitely indeed merely exactly approximately roughly hardly',
  // the commonest verbs
  'get gets got gotten getting make makes made making take takes took taken taking go goes went gone going come comes came coming give gives gave given giving let lets say says said saying tell tells told know knows knew known think thinks want wants wanted need needs needed seem seems seemed become becomes became keep keeps kept put puts try tries tried like likes liked',
  // number words, ordinals, and the rest
  'one two three four five six seven eight nine ten eleven twelve hundred thousand first second third fourth fifth thing things lot lots yes ok okay etc e.g i.e vs able unable sure well',
);

const RUSSIAN = words(
  // Snowball, less «человек» and «жизнь»: nouns a topic may be about
  'и в во не что он на я с со как а то все она так его но да ты к у же вы за бы по только ее мне было вот от меня еще нет о из ему теперь когда даже ну вдруг ли если уже или ни быть был него до вас нибудь опять уж вам сказал ведь там потом себя ничего ей может они тут где есть надо ней для мы тебя их чем была сам чтоб без будто чего раз тоже себе под будет ж тогда кто этот говорил того потому этого какой совсем ним здесь этом один почти мой тем чтобы нее кажется сейчас были куда зачем сказать всех никогда сегодня можно при наконец два об другой хоть после над больше тот через эти нас про всего них какая много разве сказала три эту моя впрочем хорошо свою этой перед иногда лучше чуть том нельзя такой им более всегда конечно всю между',
  // the other forms of pronouns and determiners
  'её ещё всё оно мной мною тебе тобой нам нами вами ими нём неё нему собой кого кому кем ком чему чём мои моё моего моей моему моим моих мою твой твоя твоё твои твоего твоей твоему твоим твоих твою наш наша наше наши нашего нашей нашему нашим наших нашу ваш ваша ваше ваши вашего вашей вашему вашим ваших вашу свой своя своё свои своего своей своему своим своих эта это этому этим этих та те тому той тех ту весь вся всем всей всему всеми сама само сами самого самой самому самим самих саму какое какие какого каким каких какую который которая которое которые которого которой которому которым которых которую котором которыми такая такое такие такого таким таких такую каждый каждая каждое каждые каждого каждой каждому каждым каждых каждую другая другое другие другого другим других другую одна одно одни одного одной одному одним одних одну чей чья чьё чьи никто нечто нигде никуда некоторые некоторых несколько нескольких любой любая любое любые',
  // prepositions and conjunctions («в течение», «в связи с», «по поводу» are prepositions too)
  'течение связи поводу ко обо ото изо подо надо передо около вокруг среди против ради вместо кроме сквозь внутри вне вдоль благодаря согласно несмотря либо однако зато причём причем поэтому также хотя пока словно тем',
  // adverbs
  'очень уже часто редко обычно затем сначала сразу снова туда сюда откуда почему сколько столько мало немного меньше менее хуже вообще именно просто действительно наверное возможно примерно вон лишь всегда большинство',
  // the commonest verbs («стоит» as in «стоит отвечать», "should answer")
  'стоит стоило стоят являться является являются являлся являлась являлось были будут буду будем будешь будете мочь могут могу можем можешь можете мог могла могло могли хотеть хочет хотят хочу хотим хотел хотела стать стал стала стало стали станет станут нужно нужен нужна нужны должен должна должно должны говорит говорят сделать делать',
  // number words and ordinals
  'две четыре пять шесть семь восемь девять десять первый первая первое первые первого первой первому первым первых первую второй вторая второе вторые второго третий третья третье',
);

const FRENCH = words(
  // Snowball
  'au aux avec ce ces dans de des du elle en et eux il je la le leur lui ma mais me même mes moi mon ne nos notre nous on ou par pas pour qu que qui sa se ses son sur ta te tes toi ton tu un une vos votre vous c d j l à m n s t y été étée étées étés étant suis es est sommes êtes sont serai seras sera serons serez seront serais serait serions seriez seraient étais était étions étiez étaient fus fut fûmes fûtes furent sois soit soyons soyez soient fusse fusses fût fussions fussiez fussent ayant eu eue eues eus ai as avons avez ont aurai auras aura aurons aurez auront aurais aurait aurions auriez auraient avais avait avions aviez avaient eut eûmes eûtes eurent aie aies ait ayons ayez aient eusse eusses eût eussions eussiez eussent ceci cela celà cet cette ici ils les leurs quel quels quelle quelles sans soi',
  // pronouns and determiners
  "a être avoir elles où dont quoi lequel laquelle lesquels lesquelles duquel auquel auxquels celui celle ceux celles ça ci là voici voilà tout tous toute toutes autre autres aucun aucune chaque plusieurs certain certains certaine certaines quelque quelques quelqu'un tel telle tels telles mêmes rien personne chacun chacune",
  // prepositions and conjunctions
  'avant après pendant depuis vers chez entre contre sous selon malgré parmi durant dès jusqu jusque lorsque lorsqu puisque puisqu quoiqu quand comme si sinon car or ni non oui donc alors puis ainsi afin auprès envers hors',
  // adverbs
  "très plus moins trop assez aussi ensuite enfin déjà encore toujours jamais souvent parfois bien mal peu beaucoup tant tellement vraiment seulement surtout environ presque peut-être maintenant aujourd'hui hier demain ailleurs partout ensemble plutôt vite tard tôt plupart",
  // the commonest verbs
  'faire fait faits faite font faisons faites faisait faisaient fera feront pouvoir peut peuvent pouvons pouvez pourrait pourraient pu devoir doit doivent devons devez devrait devraient dû aller va vont allons allez allait falloir faut fallait faudra vouloir veut veulent voulons voulez voudrait dire dit disent donner donne donnent',
  // number words and ordinals
  'deux trois quatre cinq six sept huit neuf dix cent mille premier première premiers premières deuxième second seconde troisième fois',
);

const SPANISH = words(
  // Snowball (ser, estar, haber and tener in their common forms)
  'de la que el en y a los del se las por un para con no una su al lo como más pero sus le ya o este sí porque esta entre cuando muy sin sobre también me hasta hay donde quien desde todo nos durante todos uno les ni contra otros ese eso ante ellos e esto mí antes algunos qué unos yo otro otras otra él tanto esa estos mucho quienes nada muchos cual poco ella estar estas algunas algo nosotros mi mis tú te ti tu tus ellas nosotras vosotros vosotras os mío mía míos mías tuyo tuya tuyos tuyas suyo suya suyos suyas nuestro nuestra nuestros nuestras vuestro vuestra vuestros vuestras esos esas estoy estás está estamos estáis están esté estés estemos estéis estén estaré estarás estará estaremos estaréis estarán estaría estarían estaba estabas estábamos estaban estuve estuvo estuvieron he has ha hemos habéis han haya hayan habrá habría había habían hubo haber habiendo habido soy eres es somos sois son sea seas seamos sean será serán sería serían era eras éramos eran fui fue fuimos fueron fuera fueran ser sido siendo tengo tienes tiene tenemos tenéis tienen tenga tengan tendrá tendría tenía tenían tuve tuvo tuvieron tener tenido teniendo',
  // pronouns and determiners
  'ello usted ustedes conmigo contigo consigo aquel aquella aquellos aquellas aquello cada varios varias mismo misma mismos mismas cualquier cualquiera alguien algún alguna alguno ningún ninguna ninguno nadie cómo cuál cuáles cuándo dónde cuánto cuánta cuántos cuántas quién quiénes cuyo cuya cuyos cuyas tanta tantos tantas demás',
  // prepositions and conjunctions
  'hacia tras bajo según mediante excepto salvo dentro fuera encima debajo delante detrás cerca lejos través pues así aunque sino mientras luego entonces incluso además',
  // adverbs
  'aquí allí ahí allá acá ahora después siempre nunca jamás tampoco todavía aún aun casi solo sólo solamente bastante demasiado tan bien mal mejor peor menos hoy ayer mañana pronto tarde mayoría quizá quizás realmente simplemente especialmente generalmente normalmente apenas',
  // the commonest verbs
  'hacer hace hacen hago hizo hecho hacemos puede pueden puedo podemos podría podrían pudo poder debe deben debería deberían deber va van voy vamos iba ir dice dicen dijo decir parece parecen dar da dan dio',
  // number words and ordinals
  'dos tres cuatro cinco seis siete ocho nueve diez cien mil primer primero primera primeros primeras segundo segunda tercer tercero tercera vez veces',
);

const GERMAN = words(
  // Snowball
  'aber alle allem allen aller alles als also am an ander andere anderem anderen anderer anderes anderm andern anderr anders auch auf aus bei bin bis bist da damit dann der den des dem die das daß derselbe derselben denselben desselben demselben dieselbe dieselben dasselbe dazu dein deine deinem deinen deiner deines denn derer dessen dich dir du dies diese diesem diesen dieser dieses doch dort durch ein eine einem einen einer eines einig einige einigem einigen einiger einiges einmal er ihn ihm es etwas euer eure eurem euren eurer eures für gegen gewesen hab habe haben hat hatte hatten hier hin hinter ich mich mir ihr ihre ihrem ihren ihrer ihres euch im in indem ins ist jede jedem jeden jeder jedes jene jenem jenen jener jenes jetzt kann kein keine keinem keinen keiner keines können könnte machen man manche manchem manchen mancher manches mein meine meinem meinen meiner meines mit muss musste nach nicht nichts noch nun nur ob oder ohne sehr sein seine seinem seinen seiner seines selbst sich sie ihnen sind so solche solchem solchen solcher solches soll sollte sondern sonst über um und uns unse unsem unsen unser unses unter viel vom von vor während war waren warst was weg weil weiter welche welchem welchen welcher welches wenn werde werden wie wieder will wir wird wirst wo wollen wollte würde würden zu zum zur zwar zwischen',
  // pronouns, determiners and the other forms of the auxiliaries
  'dass seid wäre wären hast habt hätte hätten worden wurde wurden wurdest gibt gab gegeben sollen sollten solltest darf dürfen durfte mag mögen möchte möchten müssen müsste konnte konnten könnten kannst wer wem wen wessen unsere unserer unseren unserem unseres eure euren deren jemand niemand jemandem beide beiden mehrere viele vielen vieles wenig wenige weniger weitere weiteren',
  // prepositions and conjunctions
  'ab außer beim bevor bisher dabei dadurch dafür dagegen daher danach daneben daran darauf daraus darin darüber darum darunter davon davor denen deshalb deswegen falls innerhalb außerhalb mithilfe nachdem neben seit sodass solange sowie statt trotz wegen weder entweder damals bzw usw ca',
  // adverbs
  'meist meiste meisten bald bereits besonders eben ebenfalls ebenso eher eigentlich einfach etwa fast ganz gar genau gerade gern gleich häufig heute gestern morgen immer je jedoch kaum leider mal mehr meist meistens natürlich nie oft schon sogar später übrigens vielleicht völlig wann warum wieso wirklich wohl zudem zuerst zurück zusammen sehr',
  // the commonest verbs
  'geht gehen ging gegangen kommen kommt kam gekommen sagen sagt sagte gesagt macht machte gemacht lassen lässt ließ sehen sieht sah',
  // number words and ordinals
  'zwei drei vier fünf sechs sieben acht neun zehn hundert tausend erste ersten erster erstes zweite zweiten dritte dritten mal',
);

/** The stop words of each language topics are found in. */
export const STOP_WORDS: Readonly<Record<string, ReadonlySet<string>>> = {
  en: new Set(ENGLISH),
  ru: new Set(RUSSIAN),
  fr: new Set(FRENCH),
  es: new Set(SPANISH),
  de: new Set(GERMAN),
};
