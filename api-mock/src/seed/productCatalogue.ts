export interface CatalogueResource {
  /** URL-safe slug, unique within the product: [a-z0-9-]{1,60} */
  slug: string;
  kind: 'brochure' | 'applicationNote' | 'technicalNote' | 'manual' | 'webinar';
  title: string; // <= 150 chars
  summary: string; // 2-4 plain-text sentences, <= 800 chars
}

export interface CatalogueProduct {
  partNumber: string; // <= 40 chars, realistic e.g. "N4100010"
  brandName: string; // EXACTLY the make
  modelName: string; // EXACTLY the model
  displayName: string; // <= 200
  shortDescription: string; // plain text, 1-2 sentences, <= 400
  longDescription: string; // HTML using only <p>, <ul>, <li>, <strong>, <em>; <= 4000 chars
  length: string | null;
  depth: string | null;
  height: string | null;
  width: string | null;
  weight: string | null;
  metaDescription: string; // <= 300
  resources: CatalogueResource[]; // 3 or 4 per product, varied kinds
}

/** The demo world's product market info (spec 2 section 3), one entry per catalogued make and model. */
export const DEMO_PRODUCT_CATALOGUE: readonly CatalogueProduct[] = [
  {
    partNumber: 'L3650100',
    brandName: 'PerkinElmer',
    modelName: 'LAMBDA 365',
    displayName: 'PerkinElmer LAMBDA 365 UV/Vis Spectrophotometer',
    shortDescription:
      'A double-beam UV/Vis spectrophotometer for routine quantitation, wavelength scanning and kinetics in QA/QC, pharmaceutical and academic laboratories. Guided software workflows and optional compliance tools support work in regulated environments.',
    longDescription:
      '<p>The <strong>LAMBDA 365</strong> is a benchtop double-beam UV/Vis spectrophotometer designed for laboratories that run the same quantitative methods every day and need dependable, traceable results. Its optical design covers the ultraviolet and visible range with a low stray-light monochromator, giving stable baselines for absorbance, transmittance and concentration measurements.</p>' +
      '<p>A wide choice of sampling accessories lets one instrument serve many tasks: single and multi-cell holders, temperature-controlled Peltier holders for kinetics and melting studies, sippers for high sample throughput and fibre-optic probes for dissolution testing. Accessories are recognised automatically, so analysts can switch between methods quickly.</p>' +
      '<p>The instrument is controlled by <em>UV Express</em> software, with pre-built applications for concentration, scan, kinetics and multi-wavelength measurements. An enhanced-security option adds user management, electronic signatures and audit trails to help laboratories meet <strong>21 CFR Part 11</strong> and EU Annex 11 requirements, and built-in performance verification routines follow current pharmacopoeia guidance.</p>' +
      '<ul>' +
      '<li>Double-beam optics with a stable baseline for routine quantitative work</li>' +
      '<li>Automatic accessory recognition for cell holders, Peltier units, sippers and fibre optics</li>' +
      '<li>Pre-configured applications for concentration, scanning and kinetics</li>' +
      '<li>Performance verification aligned with USP and Ph. Eur. instrument qualification chapters</li>' +
      '<li>Enhanced-security software option supporting 21 CFR Part 11 compliance</li>' +
      '</ul>',
    length: null,
    depth: '55 cm',
    height: '25 cm',
    width: '65 cm',
    weight: '24 kg',
    metaDescription:
      'PerkinElmer LAMBDA 365 double-beam UV/Vis spectrophotometer for routine quantitation, scanning and kinetics, with accessory recognition and 21 CFR Part 11 software support.',
    resources: [
      {
        slug: 'lambda-365-brochure',
        kind: 'brochure',
        title: 'LAMBDA 365 UV/Vis Spectrophotometer Product Brochure',
        summary:
          'An overview of the LAMBDA 365 optical design, sampling accessories and software options. It explains how the system is configured for QA/QC, teaching and research laboratories.',
      },
      {
        slug: 'dissolution-testing-fibre-optics',
        kind: 'applicationNote',
        title: 'Automated Dissolution Testing of Immediate-Release Tablets with Fibre-Optic UV Detection',
        summary:
          'This note describes an in-situ fibre-optic setup for following drug release during dissolution testing. Results are compared with conventional sampling and off-line measurement. The approach reduces manual handling and gives a complete release profile for each vessel.',
      },
      {
        slug: 'pharmacopoeia-performance-verification',
        kind: 'technicalNote',
        title: 'Verifying UV/Vis Performance Against Pharmacopoeia Requirements',
        summary:
          'A practical guide to wavelength accuracy, photometric accuracy, stray light and resolution checks. It covers the certified reference materials used and how the software records each test for audit purposes.',
      },
      {
        slug: 'uv-vis-data-integrity-webinar',
        kind: 'webinar',
        title: 'Data Integrity for UV/Vis Spectroscopy in Regulated Laboratories',
        summary:
          'A recorded session on applying ALCOA+ principles to everyday UV/Vis work. Speakers walk through user roles, audit trails and electronic signatures in the enhanced-security software.',
      },
    ],
  },
  {
    partNumber: 'N6900010',
    brandName: 'PerkinElmer',
    modelName: 'Clarus 690',
    displayName: 'PerkinElmer Clarus 690 Gas Chromatograph',
    shortDescription:
      'A high-throughput gas chromatograph with a fast-cooling oven, programmable pneumatics and a broad choice of detectors. It serves pharmaceutical, environmental, petrochemical and food laboratories.',
    longDescription:
      '<p>The <strong>Clarus 690</strong> gas chromatograph is built for laboratories that need short cycle times and consistent retention times across long sample sequences. A rapid oven cool-down and programmable pneumatic control of carrier and detector gases help shorten the time between injections while keeping methods reproducible.</p>' +
      '<p>Up to two injectors and two detectors can be installed, chosen from flame ionisation (FID), electron capture (ECD), thermal conductivity (TCD), nitrogen-phosphorus (NPD) and flame photometric (FPD) detection. The system integrates with headspace and thermal desorption samplers and can be coupled to a mass spectrometer for confirmation work.</p>' +
      '<p>Typical applications include residual solvents in pharmaceuticals, volatile organic compounds in water and air, hydrocarbon analysis and flavour profiling. Chromatography data software with audit trails, access control and electronic signatures supports <strong>21 CFR Part 11</strong> compliance.</p>' +
      '<ul>' +
      '<li>Fast oven cool-down for higher sample throughput</li>' +
      '<li>Programmable pneumatic control for reproducible flows and pressures</li>' +
      '<li>Capillary and packed injectors with FID, ECD, TCD, NPD and FPD detector options</li>' +
      '<li>Integration with headspace, thermal desorption and GC/MS configurations</li>' +
      '<li>Touchscreen status display and remote monitoring</li>' +
      '</ul>',
    length: null,
    depth: '65 cm',
    height: '50 cm',
    width: '70 cm',
    weight: '50 kg',
    metaDescription:
      'PerkinElmer Clarus 690 gas chromatograph with fast oven cool-down, programmable pneumatics and FID, ECD, TCD, NPD and FPD detector options for regulated laboratories.',
    resources: [
      {
        slug: 'clarus-690-brochure',
        kind: 'brochure',
        title: 'Clarus 690 Gas Chromatograph Brochure',
        summary:
          'Describes the Clarus 690 platform, its injector and detector options and the sampling accessories it works with. Includes example configurations for common laboratory applications.',
      },
      {
        slug: 'residual-solvents-headspace-gc',
        kind: 'applicationNote',
        title: 'Residual Solvents Analysis in Pharmaceutical Products by Headspace GC-FID',
        summary:
          'This note applies a headspace GC-FID method to Class 1, 2 and 3 residual solvents following pharmacopoeia procedures. System suitability results and repeatability data are presented. The method is suitable for routine release testing.',
      },
      {
        slug: 'clarus-690-user-guide',
        kind: 'manual',
        title: 'Clarus 690 GC User Guide',
        summary:
          'The operating guide for the Clarus 690, covering installation requirements, routine operation and preventive maintenance. It also lists troubleshooting steps for common pneumatic and detector issues.',
      },
      {
        slug: 'helium-to-hydrogen-carrier-gas',
        kind: 'technicalNote',
        title: 'Converting GC Methods from Helium to Hydrogen Carrier Gas',
        summary:
          'Explains the practical and safety considerations when moving existing methods to hydrogen carrier gas. Covers flow translation, column choice and the checks needed to show equivalent performance.',
      },
    ],
  },
  {
    partNumber: 'N0830020',
    brandName: 'PerkinElmer',
    modelName: 'Avio 550 Max',
    displayName: 'PerkinElmer Avio 550 Max ICP-OES Spectrometer',
    shortDescription:
      'A simultaneous, full-wavelength ICP optical emission spectrometer for multi-element analysis. Its compact design and low argon consumption suit environmental, pharmaceutical, food and materials laboratories.',
    longDescription:
      '<p>The <strong>Avio 550 Max</strong> is an inductively coupled plasma optical emission spectrometer (ICP-OES) that measures all wavelengths simultaneously, so every element of interest is captured in a single reading. Dual-view plasma observation gives access to both trace and major concentrations in the same method without extra dilution steps.</p>' +
      '<p>A flat-plate plasma design replaces the conventional helical load coil and, together with a vertical torch, helps the system handle high-matrix and organic samples with reduced argon consumption. Plasma ignition and torch alignment are automated, and a built-in camera lets users see the plasma during method development.</p>' +
      '<p>The system is operated with <em>Syngistix</em> software, which includes method wizards, interference correction tools and an enhanced-security option for <strong>21 CFR Part 11</strong>. Typical uses include elemental impurities testing under ICH Q3D, drinking and wastewater analysis, food nutrient labelling and battery materials characterisation.</p>' +
      '<ul>' +
      '<li>Simultaneous full-wavelength detection for fast multi-element measurements</li>' +
      '<li>Dual-view plasma for trace and major elements in one method</li>' +
      '<li>Flat-plate plasma technology with reduced argon usage</li>' +
      '<li>Vertical torch for demanding high-matrix and organic samples</li>' +
      '<li>Syngistix software with enhanced-security option for regulated laboratories</li>' +
      '</ul>',
    length: null,
    depth: '75 cm',
    height: '85 cm',
    width: '80 cm',
    weight: '120 kg',
    metaDescription:
      'PerkinElmer Avio 550 Max simultaneous ICP-OES with dual-view plasma, flat-plate plasma technology and Syngistix software for elemental analysis in regulated laboratories.',
    resources: [
      {
        slug: 'avio-550-max-brochure',
        kind: 'brochure',
        title: 'Avio 550 Max ICP-OES Brochure',
        summary:
          'An introduction to the Avio 550 Max, its simultaneous detection and dual-view plasma. Outlines sample introduction options and the software tools available for routine and research work.',
      },
      {
        slug: 'ich-q3d-elemental-impurities',
        kind: 'applicationNote',
        title: 'Elemental Impurities in Drug Products According to ICH Q3D and USP Chapters 232 and 233',
        summary:
          'Demonstrates the determination of elemental impurities in oral drug products after microwave digestion. Validation parameters including accuracy, precision and specificity are reported. The results show the method is fit for routine compliance testing.',
      },
      {
        slug: 'flat-plate-plasma-technology',
        kind: 'technicalNote',
        title: 'How Flat-Plate Plasma Technology Works',
        summary:
          'Explains the principle of flat-plate induction compared with a helical load coil. Discusses the effect on plasma stability, maintenance and argon consumption in day-to-day operation.',
      },
      {
        slug: 'icp-oes-method-development-webinar',
        kind: 'webinar',
        title: 'Practical Method Development for ICP-OES',
        summary:
          'A recorded session on wavelength selection, background correction and handling spectral interferences. Presenters share tips for building robust methods for mixed sample types.',
      },
    ],
  },
  {
    partNumber: 'L1600000',
    brandName: 'PerkinElmer',
    modelName: 'Spectrum Two',
    displayName: 'PerkinElmer Spectrum Two FT-IR Spectrometer',
    shortDescription:
      'A compact FT-IR spectrometer for fast identification and verification of materials. It is used for raw material testing, polymer analysis and contaminant identification in laboratory and at-line settings.',
    longDescription:
      '<p>The <strong>Spectrum Two</strong> is a compact Fourier transform infrared (FT-IR) spectrometer for routine identification and quality control. Sealed and desiccated optics protect the instrument from humidity and dust, making it suitable for laboratories, warehouses and production areas as well as teaching environments.</p>' +
      '<p>Most samples are measured directly with a universal attenuated total reflectance (UATR) accessory, so solids, liquids, pastes and films need little or no preparation. Transmission, diffuse reflectance and gas cell accessories extend the range of applications, and optional battery operation allows use away from the bench.</p>' +
      '<p><em>Spectrum</em> software provides library searching, verification against reference spectra and quantitative methods. A compliance-focused edition adds user management, audit trails and electronic signatures to support <strong>21 CFR Part 11</strong>, and the instrument can be verified against pharmacopoeia requirements for infrared spectrophotometers.</p>' +
      '<ul>' +
      '<li>Compact footprint with sealed, desiccated optics</li>' +
      '<li>Universal ATR sampling for minimal sample preparation</li>' +
      '<li>Library search and compare functions for raw material identification</li>' +
      '<li>Optional battery operation for at-line and field use</li>' +
      '<li>Compliance software edition for regulated laboratories</li>' +
      '</ul>',
    length: null,
    depth: '30 cm',
    height: '21 cm',
    width: '45 cm',
    weight: '13 kg',
    metaDescription:
      'PerkinElmer Spectrum Two compact FT-IR spectrometer with universal ATR sampling, library search and compliance software for raw material identification and QC.',
    resources: [
      {
        slug: 'spectrum-two-brochure',
        kind: 'brochure',
        title: 'Spectrum Two FT-IR Spectrometer Brochure',
        summary:
          'Presents the Spectrum Two platform, its sampling accessories and software editions. Shows typical configurations for pharmaceutical, polymer and teaching laboratories.',
      },
      {
        slug: 'raw-material-identification-atr',
        kind: 'applicationNote',
        title: 'Rapid Identification of Pharmaceutical Excipients by ATR FT-IR',
        summary:
          'Describes a workflow for identity testing of incoming excipients using a verified spectral library. Correlation thresholds and the handling of borderline results are discussed. The approach reduces release time for raw materials.',
      },
      {
        slug: 'spectrum-two-user-manual',
        kind: 'manual',
        title: 'Spectrum Two User Manual',
        summary:
          'Covers installation, daily checks, accessory exchange and routine maintenance of the Spectrum Two. Includes guidance on replacing desiccant and verifying instrument performance.',
      },
      {
        slug: 'atr-sampling-fundamentals',
        kind: 'technicalNote',
        title: 'Fundamentals of ATR Sampling in FT-IR Spectroscopy',
        summary:
          'Explains how attenuated total reflectance works and how crystal material affects the spectrum. Gives practical advice on contact pressure, cleaning and avoiding cross-contamination.',
      },
    ],
  },
  {
    partNumber: 'N8160010',
    brandName: 'PerkinElmer',
    modelName: 'NexION 2200',
    displayName: 'PerkinElmer NexION 2200 ICP-MS',
    shortDescription:
      'An inductively coupled plasma mass spectrometer for trace and ultra-trace elemental analysis. It handles routine environmental and food testing as well as pharmaceutical elemental impurities and nanoparticle studies.',
    longDescription:
      '<p>The <strong>NexION 2200</strong> ICP-MS is designed for laboratories that need low detection limits together with robustness for high sample loads. A triple-cone interface and a quadrupole ion deflector keep unwanted ions and neutral species out of the mass analyser, which helps maintain signal stability and reduces cleaning intervals.</p>' +
      '<p>Universal Cell Technology offers standard, collision and reaction modes in one instrument, so polyatomic interferences can be removed with the most suitable approach for each element. Methods can switch modes within a single sample run, and single-particle and single-cell measurement options support nanomaterial research.</p>' +
      '<p>The system is run from <em>Syngistix</em> software with method templates for common regulatory procedures. An enhanced-security option with audit trails and electronic signatures supports <strong>21 CFR Part 11</strong> in pharmaceutical quality control laboratories.</p>' +
      '<ul>' +
      '<li>Triple-cone interface and quadrupole ion deflector for long-term stability</li>' +
      '<li>Standard, collision and reaction modes with Universal Cell Technology</li>' +
      '<li>Single-particle and single-cell analysis options</li>' +
      '<li>Method templates for drinking water, food and elemental impurities testing</li>' +
      '<li>Syngistix software with enhanced-security option</li>' +
      '</ul>',
    length: null,
    depth: '75 cm',
    height: '80 cm',
    width: '105 cm',
    weight: '160 kg',
    metaDescription:
      'PerkinElmer NexION 2200 ICP-MS for trace elemental analysis with triple-cone interface, Universal Cell Technology and Syngistix software supporting 21 CFR Part 11.',
    resources: [
      {
        slug: 'nexion-2200-brochure',
        kind: 'brochure',
        title: 'NexION 2200 ICP-MS Brochure',
        summary:
          'An overview of the NexION 2200 ion path, interference removal modes and software. Describes the accessories available for automation and specialised sample types.',
      },
      {
        slug: 'drinking-water-trace-metals',
        kind: 'applicationNote',
        title: 'Trace Metals in Drinking Water by ICP-MS Following EPA Method 200.8',
        summary:
          'Presents calibration, quality control and recovery data for regulated elements in drinking water. Collision mode is used to remove common polyatomic interferences. Long sequences show stable internal standard recoveries.',
      },
      {
        slug: 'collision-reaction-cell-modes',
        kind: 'technicalNote',
        title: 'Choosing Between Collision and Reaction Modes in ICP-MS',
        summary:
          'Compares kinetic energy discrimination with reactive gas chemistry for interference removal. Provides guidance on selecting the right mode for difficult elements in complex matrices.',
      },
      {
        slug: 'single-particle-icp-ms-webinar',
        kind: 'webinar',
        title: 'Introduction to Single-Particle ICP-MS for Nanomaterial Characterisation',
        summary:
          'A recorded webinar on measuring particle size, concentration and composition with single-particle ICP-MS. Examples cover consumer products, environmental waters and food additives.',
      },
    ],
  },
  {
    partNumber: 'G7100-60260',
    brandName: 'Agilent',
    modelName: '1260 Infinity II',
    displayName: 'Agilent 1260 Infinity II LC System',
    shortDescription:
      'A modular HPLC system for routine and method development work, available with quaternary or binary pumping and a range of detectors. It is widely used for pharmaceutical QC, food safety and chemical analysis.',
    longDescription:
      '<p>The <strong>1260 Infinity II</strong> LC system is a modular high-performance liquid chromatography platform that can be configured to the needs of each laboratory. Quaternary, binary and isocratic pumps are available, together with autosamplers for vials and well plates and thermostatted column compartments with valve options for column switching.</p>' +
      '<p>Detection options include diode array (DAD), variable wavelength (VWD), fluorescence (FLD) and refractive index (RID) detectors, and the system can be coupled to single quadrupole or other mass spectrometers. The platform runs both conventional HPLC methods and faster methods on smaller-particle columns, which makes it well suited to method modernisation under current pharmacopoeia allowances.</p>' +
      '<p>The system is controlled by <em>OpenLab CDS</em>, which provides audit trails, electronic signatures and role-based access to support <strong>21 CFR Part 11</strong> and EU Annex 11. Drivers are also available for several third-party chromatography data systems.</p>' +
      '<ul>' +
      '<li>Modular design with quaternary, binary and isocratic pump options</li>' +
      '<li>DAD, VWD, FLD and RID detectors plus mass spectrometer coupling</li>' +
      '<li>Column compartments with optional valves for column and method switching</li>' +
      '<li>Supports both conventional and smaller-particle column methods</li>' +
      '<li>OpenLab CDS control with compliance features for regulated laboratories</li>' +
      '</ul>',
    length: null,
    depth: '50 cm',
    height: '95 cm',
    width: '45 cm',
    weight: '60 kg',
    metaDescription:
      'Agilent 1260 Infinity II modular HPLC system with quaternary or binary pumps, DAD, VWD, FLD and RID detectors and OpenLab CDS for regulated pharmaceutical QC.',
    resources: [
      {
        slug: '1260-infinity-ii-brochure',
        kind: 'brochure',
        title: '1260 Infinity II LC System Brochure',
        summary:
          'Describes the modules available for the 1260 Infinity II LC and how they combine into complete systems. Includes typical configurations for QC, method development and food testing.',
      },
      {
        slug: 'usp-method-modernisation',
        kind: 'applicationNote',
        title: 'Modernising a Pharmacopoeia Assay Method Within Allowable Adjustments',
        summary:
          'Shows how a legacy assay method is transferred to a shorter column with smaller particles. Resolution, run time and solvent consumption are compared with the original method. System suitability criteria are met throughout.',
      },
      {
        slug: '1260-infinity-ii-user-manual',
        kind: 'manual',
        title: '1260 Infinity II System User Manual',
        summary:
          'The user manual for 1260 Infinity II systems, covering installation, configuration and operation. It also includes maintenance procedures and error message descriptions.',
      },
      {
        slug: 'hplc-troubleshooting-webinar',
        kind: 'webinar',
        title: 'Everyday HPLC Troubleshooting: Pressure, Peak Shape and Baseline Issues',
        summary:
          'A recorded session on diagnosing common HPLC problems. Presenters cover pressure fluctuations, tailing and split peaks, and noisy or drifting baselines, with practical fixes for each.',
      },
    ],
  },
  {
    partNumber: 'G3440B-SYS',
    brandName: 'Agilent',
    modelName: '7890B',
    displayName: 'Agilent 7890B Gas Chromatograph',
    shortDescription:
      'A versatile gas chromatograph with electronic pneumatics control and a wide range of inlets and detectors. It is used in petrochemical, environmental, food and pharmaceutical laboratories.',
    longDescription:
      '<p>The <strong>7890B</strong> gas chromatograph combines electronic pneumatics control (EPC) with a flexible choice of inlets and detectors, giving reproducible retention times and peak areas across instruments and sites. Its configuration can be tailored from simple single-channel systems to complex multi-valve analysers.</p>' +
      '<p>Detector options include FID, TCD, ECD, NPD and FPD, and the GC can be coupled to single and triple quadrupole mass spectrometers. Capillary flow technology enables backflushing, heart-cutting and effluent splitting, which shortens run times and protects columns from high-boiling residues.</p>' +
      '<p>Resource-saving modes reduce gas and power use when the instrument is idle, and early maintenance feedback counters help plan consumable changes. The GC is operated through <em>OpenLab CDS</em> or <em>MassHunter</em>, with compliance features that support <strong>21 CFR Part 11</strong>.</p>' +
      '<ul>' +
      '<li>Electronic pneumatics control for reproducible flows and pressures</li>' +
      '<li>FID, TCD, ECD, NPD and FPD detectors with GC/MS coupling</li>' +
      '<li>Capillary flow technology for backflush and heart-cutting</li>' +
      '<li>Sleep and wake modes to reduce gas and power consumption</li>' +
      '<li>Early maintenance feedback for planned consumable replacement</li>' +
      '</ul>',
    length: null,
    depth: '55 cm',
    height: '50 cm',
    width: '60 cm',
    weight: '50 kg',
    metaDescription:
      'Agilent 7890B gas chromatograph with electronic pneumatics control, capillary flow technology and FID, TCD, ECD, NPD and FPD detectors for routine and complex GC analysis.',
    resources: [
      {
        slug: '7890b-gc-brochure',
        kind: 'brochure',
        title: '7890B Gas Chromatograph Brochure',
        summary:
          'An overview of the 7890B platform, its inlets, detectors and capillary flow options. Describes configurations for common petrochemical and environmental applications.',
      },
      {
        slug: 'fame-analysis-gc-fid',
        kind: 'applicationNote',
        title: 'Analysis of Fatty Acid Methyl Esters in Edible Oils by GC-FID',
        summary:
          'Describes the separation and quantitation of fatty acid methyl esters on a polar capillary column. Repeatability and linearity data are presented for routine food labelling work.',
      },
      {
        slug: 'capillary-flow-backflush',
        kind: 'technicalNote',
        title: 'Using Capillary Flow Technology for Column Backflush',
        summary:
          'Explains how post-run backflushing removes late-eluting compounds and shortens cycle times. Covers setup, timing calculations and verification that no analytes are lost.',
      },
      {
        slug: '7890b-site-preparation-guide',
        kind: 'manual',
        title: '7890B GC Site Preparation Guide',
        summary:
          'Lists the space, power, gas supply and environmental conditions needed before installation. Use it to prepare the laboratory so that installation and qualification can proceed without delay.',
      },
    ],
  },
  {
    partNumber: '176015900',
    brandName: 'Waters',
    modelName: 'ACQUITY UPLC H-Class',
    displayName: 'Waters ACQUITY UPLC H-Class System',
    shortDescription:
      'A quaternary UPLC system that combines sub-2-micron particle separations with the flexibility of quaternary solvent blending. It supports method development and routine testing in pharmaceutical and chemical laboratories.',
    longDescription:
      '<p>The <strong>ACQUITY UPLC H-Class</strong> system brings ultra-performance liquid chromatography to laboratories that rely on quaternary solvent blending. It runs fast, high-resolution separations on small-particle columns and can also run existing HPLC methods, which makes it a practical bridge between legacy and modern methods.</p>' +
      '<p>The system consists of a quaternary solvent manager, a flow-through-needle sample manager and a column heater or column manager for automated column switching. Detection options include photodiode array (PDA), tunable UV (TUV), fluorescence (FLR), evaporative light scattering (ELS) and a compact mass detector for added peak confirmation.</p>' +
      '<p>Control through <em>Empower</em> chromatography data software provides audit trails, electronic signatures and configurable user privileges that support <strong>21 CFR Part 11</strong> and data integrity expectations. Typical applications include impurity profiling, dissolution, content uniformity and stability testing.</p>' +
      '<ul>' +
      '<li>Quaternary solvent blending with automatic buffer preparation options</li>' +
      '<li>Flow-through-needle injection for low carryover</li>' +
      '<li>Column manager for unattended multi-column method development</li>' +
      '<li>PDA, TUV, FLR, ELS and mass detection options</li>' +
      '<li>Empower software with compliance features for regulated laboratories</li>' +
      '</ul>',
    length: null,
    depth: '70 cm',
    height: '90 cm',
    width: '35 cm',
    weight: '80 kg',
    metaDescription:
      'Waters ACQUITY UPLC H-Class quaternary UPLC system with flow-through-needle injection, PDA and mass detection options and Empower software for regulated laboratories.',
    resources: [
      {
        slug: 'acquity-h-class-brochure',
        kind: 'brochure',
        title: 'ACQUITY UPLC H-Class System Brochure',
        summary:
          'Introduces the ACQUITY UPLC H-Class modules and detector options. Explains how the system supports both new UPLC methods and existing HPLC methods.',
      },
      {
        slug: 'impurity-profiling-pda-mass',
        kind: 'applicationNote',
        title: 'Impurity Profiling of an Active Pharmaceutical Ingredient with PDA and Mass Detection',
        summary:
          'Combines UV and mass data to track known and unknown impurities in a single run. Peak purity and mass confirmation simplify the assessment of co-eluting peaks. The method is suitable for stability studies.',
      },
      {
        slug: 'hplc-to-uplc-method-transfer',
        kind: 'technicalNote',
        title: 'Transferring Methods Between HPLC and UPLC Systems',
        summary:
          'Describes how to scale gradient, flow rate and injection volume when moving between column dimensions. Discusses the role of system dwell volume and how to compensate for it.',
      },
      {
        slug: 'empower-data-integrity-webinar',
        kind: 'webinar',
        title: 'Configuring Chromatography Data Software for Data Integrity',
        summary:
          'A recorded session on setting up user roles, audit trail review and electronic signatures. Presenters discuss common inspection findings and how to avoid them.',
      },
    ],
  },
  {
    partNumber: 'BRE725600',
    brandName: 'Thermo Fisher',
    modelName: 'Orbitrap Exploris 240',
    displayName: 'Thermo Fisher Orbitrap Exploris 240 Mass Spectrometer',
    shortDescription:
      'A high-resolution, accurate-mass Orbitrap mass spectrometer for small and large molecule analysis. It supports biopharmaceutical characterisation, screening and quantitation in research and regulated laboratories.',
    longDescription:
      '<p>The <strong>Orbitrap Exploris 240</strong> is a quadrupole-Orbitrap mass spectrometer that delivers high-resolution, accurate-mass (HRAM) data for both qualitative and quantitative work. A quadrupole mass filter selects precursor ions, and higher-energy collisional dissociation (HCD) produces informative fragment spectra for structural confirmation.</p>' +
      '<p>Internal mass calibration maintains mass accuracy throughout long acquisitions without manual recalibration, and an ion source designed for easy maintenance helps keep the instrument available. The system supports targeted and untargeted workflows, including data-dependent and data-independent acquisition.</p>' +
      '<p>Applications include peptide mapping and intact mass analysis of biotherapeutics, extractables and leachables studies, metabolomics, and screening for contaminants in food and the environment. Operation through a compliance-ready chromatography data system supports <strong>21 CFR Part 11</strong> for regulated workflows.</p>' +
      '<ul>' +
      '<li>Quadrupole-Orbitrap design for high-resolution, accurate-mass data</li>' +
      '<li>HCD fragmentation for confident structural confirmation</li>' +
      '<li>Internal mass calibration for stable mass accuracy</li>' +
      '<li>Targeted, data-dependent and data-independent acquisition modes</li>' +
      '<li>Compliance-ready software for biopharmaceutical QC workflows</li>' +
      '</ul>',
    length: null,
    depth: '85 cm',
    height: '130 cm',
    width: '75 cm',
    weight: '200 kg',
    metaDescription:
      'Thermo Fisher Orbitrap Exploris 240 high-resolution accurate-mass spectrometer for biopharmaceutical characterisation, screening and quantitation in regulated laboratories.',
    resources: [
      {
        slug: 'orbitrap-exploris-240-brochure',
        kind: 'brochure',
        title: 'Orbitrap Exploris 240 Mass Spectrometer Brochure',
        summary:
          'An overview of the Orbitrap Exploris 240, its ion optics and acquisition modes. Summarises the workflows it supports in biopharma, food safety and environmental analysis.',
      },
      {
        slug: 'peptide-mapping-biotherapeutics',
        kind: 'applicationNote',
        title: 'Peptide Mapping of a Monoclonal Antibody with HRAM LC-MS',
        summary:
          'Demonstrates sequence coverage and post-translational modification monitoring for a monoclonal antibody digest. Retention time and mass accuracy reproducibility are assessed across replicate injections. The workflow suits both characterisation and QC attribute monitoring.',
      },
      {
        slug: 'internal-mass-calibration',
        kind: 'technicalNote',
        title: 'Maintaining Mass Accuracy with Internal Calibration',
        summary:
          'Explains how a continuously introduced reference ion corrects mass drift during acquisition. Describes the effect on long sequences and on confidence in compound identification.',
      },
      {
        slug: 'extractables-leachables-webinar',
        kind: 'webinar',
        title: 'HRAM Workflows for Extractables and Leachables Studies',
        summary:
          'A recorded webinar on screening and identifying extractables from packaging and single-use systems. Speakers cover sample preparation, data processing and reporting.',
      },
    ],
  },
  {
    partNumber: '228-65100-41',
    brandName: 'Shimadzu',
    modelName: 'LC-2050',
    displayName: 'Shimadzu LC-2050 Integrated HPLC',
    shortDescription:
      'An integrated HPLC that combines pump, autosampler, column oven and detector in one compact housing. It is designed for routine quality control and makes method transfer from other systems straightforward.',
    longDescription:
      '<p>The <strong>LC-2050</strong> is an integrated high-performance liquid chromatograph in which the solvent delivery unit, autosampler, column oven and UV or photodiode array detector share a single housing. The compact design saves bench space and reduces the number of connections that can cause leaks or extra dispersion.</p>' +
      '<p>Automated functions check the system before analysis, monitor mobile phase levels and record consumable usage, helping laboratories keep unattended sequences running. Adjustable system volume supports the transfer of methods developed on other HPLC instruments with comparable retention times.</p>' +
      '<p>The system is operated with <em>LabSolutions</em> software, whose network editions provide user management, audit trails and electronic signatures supporting <strong>21 CFR Part 11</strong>. Typical applications include assay and related substances testing, dissolution and content uniformity in pharmaceutical QC.</p>' +
      '<ul>' +
      '<li>Integrated pump, autosampler, column oven and detector</li>' +
      '<li>UV and photodiode array detector options</li>' +
      '<li>Automatic system checks and mobile phase monitoring</li>' +
      '<li>Method transfer support for methods from other HPLC systems</li>' +
      '<li>LabSolutions software with compliance features</li>' +
      '</ul>',
    length: null,
    depth: '60 cm',
    height: '60 cm',
    width: '45 cm',
    weight: '55 kg',
    metaDescription:
      'Shimadzu LC-2050 integrated HPLC with built-in pump, autosampler, column oven and UV or PDA detector, plus LabSolutions software for compliant pharmaceutical QC.',
    resources: [
      {
        slug: 'lc-2050-brochure',
        kind: 'brochure',
        title: 'LC-2050 Integrated HPLC Brochure',
        summary:
          'Presents the LC-2050 integrated design, its detector options and automation features. Describes how the system fits into routine QC laboratories.',
      },
      {
        slug: 'related-substances-pharmacopoeia',
        kind: 'applicationNote',
        title: 'Related Substances Testing of a Generic Drug Product Following a Pharmacopoeia Monograph',
        summary:
          'Applies a monograph method for related substances on the LC-2050 with PDA detection. System suitability, sensitivity and repeatability results are reported. All monograph criteria are met.',
      },
      {
        slug: 'lc-2050-instruction-manual',
        kind: 'manual',
        title: 'LC-2050 Instruction Manual',
        summary:
          'Describes installation, operation and routine maintenance of the LC-2050. Includes troubleshooting tables and the procedures for replacing common consumables.',
      },
      {
        slug: 'method-transfer-dwell-volume',
        kind: 'technicalNote',
        title: 'Managing Dwell Volume Differences During HPLC Method Transfer',
        summary:
          'Explains why gradient methods can change retention when moved between instruments. Shows how adjustable system volume and gradient delay settings restore comparable chromatograms.',
      },
    ],
  },
  {
    partNumber: '30355420',
    brandName: 'Mettler Toledo',
    modelName: 'XPR205',
    displayName: 'Mettler Toledo XPR205 Analytical Balance',
    shortDescription:
      'A semi-micro analytical balance for accurate weighing of small sample quantities. Built-in quality checks, electrostatic detection and software connectivity support compliant weighing in regulated laboratories.',
    longDescription:
      '<p>The <strong>XPR205</strong> analytical balance is designed for precise weighing of small samples and reference standards in pharmaceutical, chemical and research laboratories. Fully automatic internal adjustment compensates for temperature changes, and a level sensor with guided levelling warns users when the balance is not correctly positioned.</p>' +
      '<p>Electrostatic charges on samples and containers are a common source of weighing errors. The balance detects such charges and flags affected results, while a segmented draft shield and weighing pan design reduce the influence of air currents. Minimum weight monitoring shows whether each result meets the laboratory tolerance.</p>' +
      '<p>A large touchscreen guides users through weighing tasks, and the balance records results with user and time information. Connected to <em>LabX</em> laboratory software, it supports user management, audit trails and electronic signatures for <strong>21 CFR Part 11</strong>, in line with USP chapters on balances and weighing.</p>' +
      '<ul>' +
      '<li>Semi-micro readability for small sample and standard weighing</li>' +
      '<li>Automatic internal adjustment and guided levelling</li>' +
      '<li>Electrostatic charge detection and draft shield design to reduce errors</li>' +
      '<li>Minimum weight monitoring according to USP weighing requirements</li>' +
      '<li>LabX connectivity with compliance features and secure data transfer</li>' +
      '</ul>',
    length: null,
    depth: '50 cm',
    height: '33 cm',
    width: '27 cm',
    weight: '10 kg',
    metaDescription:
      'Mettler Toledo XPR205 semi-micro analytical balance with automatic internal adjustment, electrostatic detection, minimum weight monitoring and LabX connectivity for compliant weighing.',
    resources: [
      {
        slug: 'xpr-analytical-balances-brochure',
        kind: 'brochure',
        title: 'XPR Analytical Balances Brochure',
        summary:
          'An overview of the XPR analytical balance range and its weighing assistance features. Helps laboratories choose the model and accessories for their applications.',
      },
      {
        slug: 'usp-41-minimum-weight',
        kind: 'applicationNote',
        title: 'Meeting USP Requirements for Balance Repeatability and Minimum Weight',
        summary:
          'Explains how minimum weight is determined from repeatability tests and why it matters for compliance. Presents a practical routine for periodic checks in a QC laboratory.',
      },
      {
        slug: 'electrostatic-charges-weighing',
        kind: 'technicalNote',
        title: 'Electrostatic Charges and Their Effect on Weighing Results',
        summary:
          'Describes how static charges build up on containers and powders and how they distort readings. Lists practical countermeasures, from ionisers to choice of weighing vessel.',
      },
      {
        slug: 'good-weighing-practice-webinar',
        kind: 'webinar',
        title: 'Good Weighing Practice for Regulated Laboratories',
        summary:
          'A recorded webinar on a risk-based approach to balance selection, calibration and routine testing. Presenters explain how to set test frequencies and tolerances.',
      },
    ],
  },
  {
    partNumber: 'NEO400-SB-01',
    brandName: 'Bruker',
    modelName: 'Avance NEO 400',
    displayName: 'Bruker Avance NEO 400 MHz NMR Spectrometer',
    shortDescription:
      'A 400 MHz nuclear magnetic resonance spectrometer for structure elucidation, purity determination and quantitative NMR. It serves pharmaceutical, chemical and academic laboratories.',
    longDescription:
      '<p>The <strong>Avance NEO 400</strong> is a nuclear magnetic resonance (NMR) spectrometer operating at 400 MHz proton frequency. Its console architecture places a dedicated transceiver on each channel, giving flexible and reproducible control of radio-frequency pulses for both routine and advanced experiments.</p>' +
      '<p>A range of room-temperature and cryogenically cooled probes covers proton, carbon and heteronuclear experiments, and automatic tuning and matching simplify operation for multiple users. Sample changers and automation software allow unattended overnight queues for busy open-access facilities.</p>' +
      '<p>The spectrometer is operated with <em>TopSpin</em> software, with automation tools for routine submissions. Quantitative NMR (qNMR) workflows support assay and purity determination of reference standards, and compliance options with audit trails and access control support use under <strong>21 CFR Part 11</strong> and GMP.</p>' +
      '<ul>' +
      '<li>400 MHz NMR with a transceiver-per-channel console design</li>' +
      '<li>Room-temperature and cryogenic probe options</li>' +
      '<li>Automatic tuning and matching for multi-user operation</li>' +
      '<li>Sample changers and automation for unattended queues</li>' +
      '<li>TopSpin software with qNMR and compliance options</li>' +
      '</ul>',
    length: null,
    depth: null,
    height: null,
    width: null,
    weight: null,
    metaDescription:
      'Bruker Avance NEO 400 MHz NMR spectrometer for structure elucidation, purity and quantitative NMR, with flexible probes, sample automation and TopSpin software.',
    resources: [
      {
        slug: 'avance-neo-brochure',
        kind: 'brochure',
        title: 'Avance NEO NMR Spectrometer Brochure',
        summary:
          'Introduces the Avance NEO console architecture and the probes and automation available. Describes typical configurations for chemistry departments and pharmaceutical laboratories.',
      },
      {
        slug: 'qnmr-purity-determination',
        kind: 'applicationNote',
        title: 'Purity Determination of Reference Standards by Quantitative NMR',
        summary:
          'Describes a qNMR method using an internal calibrant to assign purity to a reference substance. Measurement uncertainty and comparison with chromatographic results are discussed. The method gives traceable results without a compound-specific reference standard.',
      },
      {
        slug: 'nmr-site-planning-guide',
        kind: 'manual',
        title: 'NMR Site Planning Guide',
        summary:
          'Sets out the room, floor loading, ceiling height, stray field and utility requirements for installing a superconducting NMR magnet. Use it early when planning a new NMR laboratory.',
      },
      {
        slug: 'nmr-automation-webinar',
        kind: 'webinar',
        title: 'Running an Open-Access NMR Facility with Automation',
        summary:
          'A recorded webinar on sample submission, queue management and automated processing. Facility managers share how they balance throughput with data quality.',
      },
    ],
  },
];
