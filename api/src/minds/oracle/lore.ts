// What the oracle knows of everyday subjects (#41: all four seats gave the same first tip for
// sleeping better, and none was about sleep): common, well-established advice on the things
// newcomers ask about, each subject with its tips, a few plain facts, and the case for and against
// where a subject has two sides. A subject is found by the words of the question (its `keys`); a
// question on anything else is not answered from here (prose.ts says so honestly). Twelve tips a
// subject where they exist, so that four seats each give three of their own.

export type Lore = {
  /** The subject as a sentence names it ("sleep", "remote work"). */
  name: string;
  /** Words of a question on it (whole words, lower case, their plural or -ing form folded). */
  keys: RegExp;
  tips: readonly string[];
  facts: readonly string[];
  pros?: readonly string[];
  cons?: readonly string[];
  /** The lore in one word, for "answer in one word". */
  word: string;
  /** For a subject with two sides: what to do, when asked to decide. */
  decision?: string;
  /** For a subject with two sides: the position on "should we ...?" (the decision says how). */
  verdict?: "yes" | "no" | "notYet";
};

export const LORE: readonly Lore[] = [
  {
    name: "Nomina",
    word: "Names",
    keys: /\b(?:nomina|(?:the )?council|summoning gate|the forge|forging|forged|the named|remix\w*|lineages?|whispers?|glyphs?|ascend\w*|genesis agents?|curators?)\b/,
    tips: [
      "Put one question to the Council at the Summoning Gate, and read how each seat answers before the synthesis.",
      "Forge an agent with a name, a glyph, a persona and a seat, then talk with it on its page.",
      "Remix an agent you like: the remix keeps its lineage, and the Ancestry Map shows it.",
      "Nominate an agent for the Council from the Council Terminal; enough nominations and it ascends to a seat.",
      "Share an answer as a whisper: it gets a page of its own that anyone with the link can read.",
      "Ask the Council for a peer review, and each seat ranks the others' answers before the chair speaks.",
      "Embed an agent on your own site with the snippet from its page.",
      "Bind a seat to a model with a key, or to a local one, and its answers stop coming from the offline oracle.",
    ],
    facts: [
      "The Council has four seats, Gemini, Claude, Perplexity and DeepSeek, and a chair who weaves their answers into one.",
      "The Council keeps each session's questions and syntheses, but it keeps no memory of the person asking.",
      "Without model keys, every seat answers from the offline oracle, and each answer says so.",
      "An agent is forged with a name, a glyph, a persona and one of the four seats.",
      "An agent with enough nominations ascends to the Council and may sit in its seat's place.",
    ],
  },
  {
    name: "sleep",
    word: "Routine",
    keys: /\b(?:sleep\w*|slept|insomnia|bedtime|naps?|napping|restful|tiredness|wake up|waking)\b/,
    tips: [
      "Get up at the same time every day, weekends included: a steady wake time sets the body's clock.",
      "Keep the bedroom dark, quiet and a little cool.",
      "Stop caffeine by early afternoon, since it lingers for hours.",
      "Put screens away half an hour before bed and do something calm instead.",
      "Get daylight soon after you wake, which tells your body when the day begins.",
      "Save the bed for sleep, so that lying down means winding down.",
      "If you cannot sleep after about twenty minutes, get up and read somewhere dim until you feel sleepy.",
      "Keep naps short and early, twenty minutes before mid-afternoon at most.",
      "Eat your last big meal a few hours before bed.",
      "Write tomorrow's worries on paper before bed, so they do not have to be held in your head.",
      "Move during the day: a walk counts, though hard exercise late at night can keep you up.",
      "Go easy on alcohol in the evening, which breaks sleep up in the second half of the night.",
    ],
    facts: [
      "Most adults need seven to nine hours of sleep a night.",
      "The body keeps a clock of about twenty-four hours, set mostly by light.",
      "Sleep comes in cycles of roughly ninety minutes, each with lighter and deeper stages.",
    ],
  },
  {
    name: "focus",
    word: "Single-tasking",
    keys: /\b(?:focus\w*|concentrat\w*|distract\w*|attention|procrastinat\w*|productiv\w*|deep work)\b/,
    tips: [
      "Choose one task before you start, and write it down where you can see it.",
      "Work in blocks of twenty-five to fifty minutes, then take a real break.",
      "Put your phone in another room, not just face down.",
      "Close every tab and window the task does not need.",
      "Start with the smallest next step, which makes beginning less heavy.",
      "Do the hardest work at the hour your mind is clearest.",
      "Keep a notepad for stray thoughts, so you can park them and carry on.",
      "Turn off notifications for the block, and tell people when you will be back.",
      "Decide in advance when you will stop, which makes it easier to start.",
      "Drink water and stand up between blocks; a tired body drags the mind down.",
      "Use the same place and the same signal for focused work, so the habit forms faster.",
      "End each block by writing the next step, so the next one starts at once.",
    ],
    facts: [
      "Switching between tasks costs time each time, because the mind takes a while to settle back in.",
      "Most people can hold deep focus for an hour or two at a stretch, not a whole day.",
    ],
  },
  {
    name: "learning",
    word: "Practice",
    keys: /\b(?:learn\w*|stud(?:y|ies|ying)|revis(?:e|ing|ion)|exams?|memori[sz]\w*|remember(?:ing)? things|skills?|practi[cs]e|language)\b/,
    tips: [
      "Test yourself instead of rereading: recalling is what makes things stick.",
      "Spread practice over days, since short sessions apart beat one long one.",
      "Explain the idea aloud in plain words, as if to a friend, and notice where you stall.",
      "Mix different kinds of problems in one session instead of doing one kind at a time.",
      "Learn the big picture first, then fill in the details.",
      "Practise a little every day, even ten minutes, rather than a lot once a week.",
      "Sleep on it: memory settles overnight.",
      "Use what you learn soon, in a small project or a real conversation.",
      "Keep a list of what you got wrong, and go back to it first.",
      "Connect each new idea to something you already know.",
      "Set a goal you can check, such as reading one page aloud without help.",
      "Find someone a little ahead of you and ask them what they wish they had known.",
    ],
    facts: [
      "Forgetting is fastest in the first days after learning, which is why early review pays off.",
      "Trying to recall something strengthens the memory more than reading it again.",
    ],
  },
  {
    name: "writing",
    word: "Drafts",
    keys: /\b(?:writ(?:e|ing|er|ers)|essays?|stor(?:y|ies)|novels?|blog\w*|articles?|drafts?|poems?|poetry|prose)\b/,
    tips: [
      "Write the first draft fast and fix it later: drafting and editing are two different jobs.",
      "Say what the piece is about in one sentence before you start.",
      "Cut the first paragraph of your draft, which is often you warming up.",
      "Read your work aloud; the ear catches what the eye skips.",
      "Prefer short, concrete words to long, vague ones.",
      "Write at the same time each day, even for fifteen minutes.",
      "Put the draft away for a day before you edit it.",
      "Give each paragraph one job.",
      "Show a scene or an example rather than naming the feeling.",
      "Keep a notebook for lines and ideas that arrive at the wrong moment.",
      "Read widely in the form you want to write.",
      "Finish things, even imperfectly: finished pieces teach more than perfect openings.",
    ],
    facts: ["Most published writing goes through several drafts; first drafts are meant to be rough."],
  },
  {
    name: "calm",
    word: "Breathe",
    keys: /\b(?:stress\w*|calm\w*|relax\w*|anxi\w*|worr(?:y|ied|ies|ying)|overwhelm\w*|nervous|panic|breath\w*|meditat\w*|mindful\w*)\b/,
    tips: [
      "Breathe out longer than you breathe in, four counts in and six out, for a minute or two.",
      "Name what you are feeling in a few words; naming it often takes some of its weight.",
      "Write the worry down and the one thing you can do about it today.",
      "Take a short walk outside, even around the block.",
      "Loosen your shoulders and jaw, where tension likes to hide.",
      "Talk to someone you trust, and tell them what you need: advice, or only an ear.",
      "Cut one thing from today's list that does not truly have to happen.",
      "Limit news and scrolling to set times.",
      "Keep sleep, meals and movement steady, which makes everything else easier to carry.",
      "Give the worry a time: fifteen minutes in the evening, and put it down after.",
      "Do something with your hands, such as cooking, drawing or tidying one drawer.",
      "If the feeling is strong or will not lift, talk to a doctor or a counsellor; it is what they are for.",
    ],
    facts: ["Slow breathing with a longer out-breath calms the body's alarm response for many people."],
  },
  {
    name: "habits",
    word: "Small",
    keys: /\b(?:habits?|routines?|motivat\w*|discipline|consisten\w*|goals?|resolutions?)\b/,
    tips: [
      "Start smaller than feels worthwhile: two minutes a day is a real beginning.",
      "Tie the new habit to one you already have: after I make coffee, I stretch.",
      "Make the good habit easy to start and the bad one a little harder.",
      "Track it with a simple mark on a calendar, and try not to miss twice in a row.",
      "Decide where and when you will do it, not just that you will.",
      "Take on one habit at a time.",
      "Reward yourself soon after, however small the reward.",
      "Expect to slip, and plan how you will start again.",
      "Tell someone what you are doing, or do it with them.",
      "Remove the cue for a habit you want to break.",
      "Look at your progress over weeks, not days.",
      "Ask what the habit gives you, and find another way to get that.",
    ],
    facts: ["A new habit usually takes weeks to months to feel automatic, not a set number of days."],
  },
  {
    name: "exercise",
    word: "Consistency",
    keys: /\b(?:exercis\w*|workouts?|fitness|gym|running|jogging|walk(?:ing)?|stretch\w*|get fit|strength)\b/,
    tips: [
      "Start with what you will actually do, such as a daily walk, and build from there.",
      "Try to move most days rather than a lot on one day.",
      "Spend a few minutes warming up before anything hard.",
      "Add a little at a time: a few more minutes or a little more weight each week.",
      "Mix things that raise your heart rate with things that build strength.",
      "Pick something you enjoy, since enjoyment keeps you going.",
      "Put it in your calendar like an appointment.",
      "Rest days are part of training: muscles grow stronger while they recover.",
      "Find a friend or a group to go with.",
      "If something hurts sharply, stop, and ask a professional before you go on.",
    ],
    facts: ["Many health guidelines suggest about 150 minutes of moderate activity a week for adults."],
  },
  {
    name: "public speaking",
    word: "Rehearse",
    keys: /\b(?:public speaking|speech(?:es)?|presentations?|present(?:ing)? to|talks? to an audience|stage fright)\b/,
    tips: [
      "Know your opening and your closing by heart; the middle will follow.",
      "Rehearse aloud, standing up, at least three times.",
      "Make one main point and return to it.",
      "Slow down and pause: silence feels longer to you than to the audience.",
      "Tell one story or example; people remember stories.",
      "Look at a few friendly faces around the room.",
      "Keep slides for pictures and a few words, and keep your script off them.",
      "Arrive early and stand where you will speak.",
      "Treat nerves as energy; most audiences want you to do well.",
      "Time yourself, and finish a little early.",
    ],
    facts: ["Fear of public speaking is one of the most common fears, and practice reliably reduces it."],
  },
  {
    name: "job interviews",
    word: "Examples",
    keys: /\b(?:job interviews?|interviews?|interviewing|hiring|cv|résumé|resume|cover letter|job hunt\w*|job search\w*)\b/,
    tips: [
      "Read about the organisation and what the role does before you go.",
      "Prepare three short stories of things you did, each with what happened and what came of it.",
      "Practise answering out loud, not just in your head.",
      "Bring two or three questions of your own about the work and the team.",
      "Answer the question asked, then stop.",
      "Arrive a few minutes early, or test your connection if it is online.",
      "Be honest about what you do not know, and say how you would find out.",
      "Send a short thank-you note afterwards.",
      "Match your examples to what the job description asks for.",
      "Keep your CV to the point: what you did, with numbers where you have them.",
    ],
    facts: ["Interviewers often remember specific examples better than general claims about yourself."],
  },
  {
    name: "reading",
    word: "Daily",
    keys: /\b(?:read(?:ing)? more|books?|novels?|reading habit|library|libraries|librar\w*)\b/,
    tips: [
      "Carry a book everywhere, or keep one on your phone for queues.",
      "Read a few pages before bed instead of scrolling.",
      "Give yourself permission to stop a book you do not enjoy.",
      "Join a library: it is free, and due dates help.",
      "Keep a short list of books you want to read next.",
      "Read what you enjoy, not what you think you should.",
      "Try an audiobook for walks and chores.",
      "Talk about what you read with a friend or a group.",
    ],
    facts: ["Public libraries lend books, and many also lend e-books, audiobooks and a quiet room to work in."],
  },
  {
    name: "the choice between a library and a digital archive",
    word: "Both",
    decision: "Keep the library and run the digital archive beside it for a year, then decide with the people who use both.",
    verdict: "notYet",
    keys: /\b(?:digital archives?|digiti[sz]\w*|e-?books? (?:or|versus|vs) (?:paper|print)|paper (?:or|versus|vs) (?:digital|screen)|librar(?:y|ies) (?:with|for) (?:a )?digital)\b/,
    tips: [
      "Run the digital archive beside the library for a while before deciding anything.",
      "Ask the people who use the library what they come for; often it is the room as much as the books.",
      "Keep paper copies of what must survive a power cut or a lost password.",
      "Plan who will pay to keep the digital archive running in twenty years.",
    ],
    facts: [
      "A library is also a warm public room, with help at the desk and no fee at the door.",
      "Digital files need formats, servers and money to stay readable, year after year.",
    ],
    pros: [
      "a digital archive can be searched from any home, at any hour",
      "scanning saves fragile papers from being handled",
      "a digital archive takes no shelf space and can be copied for safety",
      "people far from the building can use the collection too",
    ],
    cons: [
      "a library is also a free, warm room where people meet and get help",
      "not everyone has a device, a connection or the skills to use a digital archive",
      "digital formats and servers need money and care to stay readable for decades",
      "browsing shelves leads people to books they would never have searched for",
    ],
  },
  {
    name: "remote work",
    word: "Both",
    decision: "A mix of both, if the work allows it, with home for focused work and the office for the rest.",
    keys: /\b(?:remote work\w*|work(?:ing)? (?:from|at) home|wfh|hybrid work|home office|office work)\b/,
    tips: [
      "Keep a set start and end to the day, and a place that is only for work.",
      "Get dressed and step outside before you start, as if you had a commute.",
      "Write things down: decisions, questions, who does what.",
      "Speak with colleagues by voice or video now and then, not only in text.",
      "Take your breaks away from the screen.",
      "Agree on the hours when you answer messages quickly.",
      "Close the laptop at the end of the day, and put it out of sight.",
      "Meet in person when you can, for the things that go better face to face.",
    ],
    facts: ["Remote work grew quickly in many countries from 2020, and hybrid arrangements are now common."],
    pros: [
      "there is no commute, which gives back time and money",
      "you have more control over where and when you work",
      "there are fewer interruptions for focused work",
      "jobs open up to people who live far from the office",
    ],
    cons: [
      "it can be lonely, with fewer chance conversations",
      "work and home blur together unless you draw a line",
      "newcomers learn more slowly without people to watch and ask",
      "it depends on a good connection and a quiet place",
    ],
  },
  {
    name: "social media",
    word: "Less",
    decision: "Keep it, but on your own terms, with fewer apps, set times and no notifications.",
    keys: /\b(?:social media|instagram|tiktok|twitter|facebook|scrolling|screen time|phones?|smartphones?)\b/,
    tips: [
      "Turn off every notification you do not need.",
      "Move the apps off your home screen, so opening them is a choice.",
      "Set times for checking, rather than checking whenever you are bored.",
      "Unfollow accounts that leave you feeling worse.",
      "Keep the phone out of the bedroom at night.",
      "Notice how you feel after using an app, and let that decide how much you use it.",
      "Replace one scroll a day with a call or a walk.",
      "Use the screen-time tools your phone already has.",
    ],
    facts: ["Most phones can report how long each app is used, which is a useful first look."],
    pros: ["it keeps people in touch across distance", "it spreads news and ideas quickly", "it gives small voices and small businesses an audience"],
    cons: ["it is built to hold attention, which eats time", "comparison with others' best moments can hurt", "false claims can spread as fast as true ones"],
  },
  {
    name: "naming",
    word: "Aloud",
    keys: /\b(?:naming|names? for|name (?:for|my|our|a|an|the|this)|what (?:should|to|can) (?:i |we )?(?:name|call)|call (?:it|my|our)|title for)\b/,
    tips: [
      "Say each name aloud, as if calling across a room.",
      "Prefer one or two syllables for something you will call often.",
      "Avoid names that sound like a command or another family member's name.",
      "Check what the name means in other languages before you settle on it.",
      "Try it for a day before you decide.",
      "Choose something that fits a character or a habit, not only the looks.",
      "For a project, check that the name is not already taken where it matters.",
      "Keep a shortlist and let it rest overnight.",
    ],
    facts: ["Short names with clear sounds are easier to call and to remember."],
  },
  {
    name: "plants",
    word: "Drainage",
    keys: /\b(?:plants?|garden\w*|houseplants?|seeds?|watering|soil|flowers?|vegetables?|grow(?:ing)? (?:food|herbs|tomatoes))\b/,
    tips: [
      "Water when the top of the soil is dry, not on a fixed schedule.",
      "Give each plant the light its label asks for; most houseplants like bright, indirect light.",
      "Use pots with drainage holes, since standing water rots roots.",
      "Start with a few hardy plants before adding delicate ones.",
      "Give plants a little food in the growing season, and let them rest in winter.",
      "Check under leaves for pests now and then.",
      "Grow herbs you actually cook with, near the kitchen.",
      "Add compost to garden soil every year.",
    ],
    facts: ["Overwatering kills more houseplants than underwatering."],
  },
  {
    name: "cooking",
    word: "Taste",
    keys: /\b(?:cook\w*|recipes?|meals?|dinner|lunch|breakfast|bak(?:e|ing)|kitchen)\b/,
    tips: [
      "Read the whole recipe before you start, and set everything out.",
      "Taste as you go, and season a little at a time.",
      "Keep a few staples in the cupboard: rice, pasta, tinned tomatoes, beans, onions and garlic.",
      "Heat the pan before the food goes in.",
      "Cook a big batch once and eat it twice.",
      "Sharpen your knife: a sharp knife is safer than a dull one.",
      "Learn five dishes well before collecting fifty.",
      "Let meat rest for a few minutes after cooking.",
    ],
    facts: ["Salt added early seasons food through; salt added at the end sits on the surface."],
  },
  {
    name: "saving money",
    word: "Budget",
    keys: /\b(?:sav(?:e|ing) money|budget\w*|spend(?:ing)? less|frugal\w*|bills)\b/,
    tips: [
      "Write down where the money goes for a month before changing anything.",
      "Move a fixed sum to savings the day you are paid.",
      "Cancel subscriptions you have not used this month.",
      "Wait a day before any unplanned purchase.",
      "Plan the week's meals, and take a list when you shop.",
      "Compare prices on your regular bills once a year.",
      "Keep a small fund for surprises, so they do not go on a card.",
      "Set one goal for the saving, with a date.",
    ],
    facts: ["Saving a little automatically tends to work better than saving what is left at the end of the month."],
  },
  {
    name: "friendship",
    word: "Regularity",
    keys: /\b(?:friends?|friendships?|lonel\w*|making friends|social life|meet(?:ing)? people|relationships?)\b/,
    tips: [
      "Go back to the same place regularly: a class, a club, a café; familiarity grows into friendship.",
      "Ask people about themselves, and remember what they said.",
      "Suggest a plan with a day and a time, not just 'we should meet'.",
      "Say yes to invitations more often than feels comfortable.",
      "Reach out first; most people are glad to be asked.",
      "Join something built around a shared activity.",
      "Keep in touch with small messages between meetings.",
      "Be patient: close friendships take many hours together.",
    ],
    facts: ["Friendships usually grow from repeated, easy contact over time."],
  },
  {
    name: "travel",
    word: "Lightly",
    keys: /\b(?:travel\w*|trips?|holidays?|vacations?|pack(?:ing)?|luggage|flights?|journeys?)\b/,
    tips: [
      "Pack, then take out a third of it.",
      "Keep documents, medicines and a charger in your hand luggage.",
      "Photograph your passport and keep the picture somewhere safe.",
      "Learn a few words of the local language: hello, please, thank you.",
      "Leave one day unplanned.",
      "Tell your bank where you are going.",
      "Wear the bulkiest shoes and coat on the journey.",
      "Check the entry rules for your destination well before you leave.",
    ],
    facts: ["Rules for entering a country change, so official sources are the ones to check before travel."],
  },
  {
    name: "artificial intelligence",
    word: "Carefully",
    decision: "Use it, and check what it tells you.",
    keys: /\b(?:ai|artificial intelligence|machine learning|chatbots?|language models?|llms?|neural networks?)\b/,
    tips: [
      "Check what an AI tells you against a source you trust, especially facts and figures.",
      "Give it context: who you are, what you want, and an example.",
      "Ask it to show its reasoning or its sources.",
      "Never paste secrets or other people's private data into it.",
      "Use it for drafts and ideas, and keep the judgement for yourself.",
      "Ask the same question twice and compare the answers.",
    ],
    facts: [
      "A language model writes by predicting likely next words from patterns in its training text.",
      "Language models can state false things fluently, which is why their answers need checking.",
    ],
    pros: ["it drafts and summarises quickly", "it can explain a topic at the level you ask for", "it is available at any hour"],
    cons: ["it can be confidently wrong", "it may repeat biases in its training text", "it knows nothing you did not give it about your situation"],
  },
  {
    name: "time management",
    word: "Priorities",
    keys: /\b(?:time management|manage (?:my )?time|busy|deadlines?|schedul\w*|to-?do lists?|prioriti[sz]\w*|plann(?:ing|er))\b/,
    tips: [
      "Write everything down in one list, so your head is free to think.",
      "Pick the three things that matter most today, and do the first before lunch.",
      "Give tasks a place in your calendar, not just a place on the list.",
      "Say no to one thing this week.",
      "Group small tasks, such as emails and calls, into one block.",
      "Estimate how long things take, then add half.",
      "Review the week on Friday and plan the next.",
      "Do it now if it takes less than two minutes.",
    ],
    facts: ["People regularly underestimate how long tasks will take; planning in a margin helps."],
  },
  {
    name: "decisions",
    word: "Reversibility",
    keys: /\b(?:decid\w*|decisions?|hard choices?|dilemmas?|make up my mind|(?:should i|which) (?:\w+ )?(?:or|versus|vs))\b/,
    tips: [
      "Write down what you want most, then see which choice serves it.",
      "Ask which choice you could undo; try that one first if you are unsure.",
      "Imagine a year from now and ask which choice you would rather explain.",
      "Set a deadline for deciding.",
      "Ask one person who has made the same choice.",
      "Flip a coin, and notice which side you hoped for.",
      "Sleep on big decisions, and decide in the morning.",
      "List what you fear about each option, and how likely it really is.",
    ],
    facts: ["Choices that can be reversed can be made quickly; only the ones that cannot deserve the long deliberation."],
  },
];

/** Plain facts of the natural world that people ask about: asked of nothing else (narrow keys), said as they are. */
const NATURE: readonly Lore[] = [
  {
    name: "the sky",
    word: "Scattering",
    keys: /\b(?:sky (?:is |look |looks |appear )?blue|blue sky|why is the sky|colou?r of the sky|sunsets? (?:red|orange)|red sunsets?)\b/,
    tips: [],
    facts: [
      "The sky looks blue because air scatters the blue part of sunlight far more than the red, so that colour reaches your eyes from everywhere overhead.",
      "At sunset the light crosses much more air, the blue is scattered away on the road, and the reds and oranges are what is left.",
    ],
  },
  {
    name: "the sea",
    word: "Minerals",
    keys: /\b(?:sea|ocean|seawater) (?:is )?salty|salt in the (?:sea|ocean)|why is the (?:sea|ocean) salt\w*/,
    tips: [],
    facts: [
      "The sea is salty because rivers carry minerals washed out of rocks into it, and when its water evaporates the salt stays behind.",
      "Seawater holds about 35 grams of salt in every litre.",
    ],
  },
  {
    name: "the seasons",
    word: "Tilt",
    keys: /\b(?:why (?:do|are) (?:there|we have) seasons|what causes (?:the )?seasons|seasons happen|why is (?:it )?(?:colder|warmer) in (?:winter|summer))\b/,
    tips: [],
    facts: [
      "Seasons come from the tilt of the Earth's axis: for part of the year each half of the world leans toward the Sun, and for the rest it leans away.",
      "Summer days are warmer because the Sun climbs higher and stays up longer, not because the Earth is nearer to it.",
    ],
  },
  {
    name: "the Moon",
    word: "Orbit",
    keys: /\b(?:how far (?:away )?is the moon|distance to the moon|moon'?s? phases?|phases of the moon|why does the moon change)\b/,
    tips: [],
    facts: [
      "The Moon is about 384,400 kilometres from the Earth on average, and it goes around us about every 27 days.",
      "The Moon's phases are how much of its sunlit half we can see as it circles us.",
    ],
  },
  {
    name: "the Sun",
    word: "Star",
    keys: /\b(?:how far (?:away )?is the sun|distance to the sun|what is the sun made of|how hot is the sun|is the sun a star)\b/,
    tips: [],
    facts: [
      "The Sun is about 150 million kilometres away, and its light takes a little over eight minutes to reach us.",
      "The Sun is a star, made mostly of hydrogen and helium.",
    ],
  },
  {
    name: "rainbows",
    word: "Refraction",
    keys: /\b(?:rainbows?)\b/,
    tips: [],
    facts: [
      "A rainbow appears when sunlight is bent and reflected inside raindrops, which spread it into its colours.",
      "You see a rainbow with the Sun behind you and the rain in front of you.",
    ],
  },
  {
    name: "boiling water",
    word: "Pressure",
    keys: /\b(?:boiling point|water boils?|temperature does water boil|why does water boil)\b/,
    tips: [],
    facts: ["Water boils at 100 degrees Celsius at sea level, and at a little less high up, where the air presses down less."],
  },
  {
    name: "light",
    word: "Fast",
    keys: /\b(?:speed of light|how fast (?:is|does) light|light travel)\b/,
    tips: [],
    facts: ["Light moves through empty space at about 300,000 kilometres a second, and nothing is faster."],
  },
];

/** The lore a question is about: the subject whose keys its words touch most (a word of a key counted once a match), or null. */
export { NATURE };

export function loreFor(text: string): Lore | null {
  const lower = ` ${text.toLowerCase()} `;
  let best: Lore | null = null;
  let bestHits = 0;
  for (const lore of [...LORE, ...NATURE]) {
    // A match of several words ("digital archive") says more than one of a single word ("library").
    const hits = (lower.match(new RegExp(lore.keys.source, "g")) ?? []).reduce((sum, match) => sum + match.trim().split(/\s+/).length, 0);
    if (hits > bestHits) [best, bestHits] = [lore, hits];
  }
  return best;
}
